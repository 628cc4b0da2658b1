/** Prompt template pages (issue 7): Spanish. Merged into the root locale. */
export default {
  temps: {
  "search": "Buscar plantillas",
  "all": "Todas",
  "empty": "No hay plantillas",
  "uses": "Usada {{n}} veces",
  "fields": "Qué rellenar",
  "example": "Ejemplo",
  "use": "Usar plantilla",
  "required": "Rellena {{label}}",
  "tooLong": "{{label}}: como máximo {{max}} caracteres",
  "generate": "Generar",
  "notFound": "Esta plantilla no existe",
  "optional": "Opcional",
  "choose": "Elige"
},
};
