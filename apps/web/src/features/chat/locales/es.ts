/** AI chat, generated-copy and prompt-template pages: Spanish. Merged into the root locale. */
export default {
  chat: {
  "placeholder": "Pregunta lo que quieras…",
  "send": "Enviar",
  "stop": "Detener",
  "stopped": "Detenido",
  "offline": "Motor sin conexión",
  "thinking": "Pensando",
  "copy": "Copiar",
  "copyFailed": "No se pudo copiar; mantén pulsado el texto",
  "regenerate": "Regenerar",
  "robotName": "Asistente de redacción IA",
  "welcome": "Hola, soy tu asistente de redacción IA. ¿Qué escribimos?",
  "historyEnd": "No hay mensajes anteriores",
  "quota": {
    "title": "Hoy no te quedan preguntas",
    "vip": "Hazte miembro",
    "remaining_one": "Te queda {{count}} pregunta hoy",
    "remaining_many": "Te quedan {{count}} preguntas hoy",
    "remaining_other": "Te quedan {{count}} preguntas hoy",
    "unlimited": "Los miembros preguntan sin límite"
  },
  "login": {
    "title": "Inicia sesión",
    "content": "Inicia sesión para preguntar a la IA. ¿Ir al inicio de sesión?",
    "confirm": "Iniciar sesión"
  },
  "page": {
    "what": "texto",
    "edit": "Editar",
    "editing": "Editar el texto",
    "done": "Listo",
    "save": "Guardar",
    "publish": "Publicar en la plaza",
    "published": "Publicado",
    "dub": "Crear locución",
    "video": "Crear vídeo",
    "empty": "El texto no puede estar vacío",
    "generating": "Escribiendo…",
    "question": "Petición"
  }
},
  temps: {
  "what": "plantilla",
  "search": "Buscar plantillas",
  "all": "Todas",
  "empty": "No hay plantillas",
  "uses_one": "Usada {{count}} vez",
  "uses_many": "Usada {{count}} veces",
  "uses_other": "Usada {{count}} veces",
  "fields": "Qué rellenar",
  "example": "Ejemplo",
  "use": "Usar plantilla",
  "required": "Rellena {{label}}",
  "tooLong": "{{label}}: como máximo {{max}} caracteres",
  "generate": "Generar",
  "notFound": "Esta plantilla no existe",
  "optional": "Opcional",
  "freeTitle": "Creación libre",
  "freeHint": "Di qué quieres escribir: tema, uso, extensión. La IA lo escribe por ti.",
  "freePlaceholder": "p. ej.: un post de inauguración para una cafetería de barrio, menos de 50 caracteres",
  "freeEmpty": "Describe primero lo que quieres escribir",
  "pickTitle": "Empezar con una plantilla",
  "allTemplates": "Todas las plantillas",
  "choose": "Elige"
},
};
