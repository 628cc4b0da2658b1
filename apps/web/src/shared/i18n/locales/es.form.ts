/** The shared form pieces (phone and SMS code fields, password checks): Spanish. Loaded with the page messages. */
export default {
  form: {
    getCode: 'Obtener código',
    resendIn: 'Reenviar en {{seconds}} s',
    codeSent: 'Código enviado',
    humanCheck: {
      title: 'Verificación humana',
      why: 'Se han pedido muchos códigos desde esta red o dispositivo: completa primero la verificación humana',
      start: 'Verificar',
      solving: 'Verificando…',
      failed: 'La verificación no se superó. Inténtalo de nuevo',
    },
    field: {
      phone: 'Teléfono',
      phonePlaceholder: 'Introduce tu teléfono',
      code: 'Código de verificación',
      codePlaceholder: 'Introduce el código de 6 dígitos',
      newPassword: 'Nueva contraseña',
      newPasswordPlaceholder: 'De 6 a 21 caracteres',
      confirmPassword: 'Confirmar contraseña',
      confirmPasswordPlaceholder: 'Repite la nueva contraseña',
    },
    error: {
      phoneRequired: 'Introduce tu teléfono',
      phoneInvalid: 'Introduce un teléfono válido',
      codeRequired: 'Introduce el código de verificación',
      codeInvalid: 'El código tiene 6 dígitos',
      passwordRequired: 'Introduce tu contraseña',
      passwordInvalid: 'La contraseña debe tener de 6 a 21 caracteres',
      confirmMismatch: 'Las contraseñas no coinciden',
    },
  },
};
