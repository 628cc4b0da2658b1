/** Accounts pages (the user area: login, password, binding, documents): Spanish. Merged into the root locale. */
export default {
  auth: {
    loginSuccess: 'Sesión iniciada',
    guestEntered: 'Navegas como visitante; inicia sesión para usarlo todo',
    field: {
      account: 'Cuenta',
      accountPlaceholder: 'Teléfono o nombre de cuenta',
      password: 'Contraseña',
      passwordPlaceholder: 'Introduce tu contraseña',
    },
    error: {
      accountRequired: 'Introduce un teléfono o nombre de cuenta',
      accountInvalid: 'La cuenta debe tener de 4 a 14 letras, dígitos, _ o -',
    },
    agreement: {
      prefix: 'He leído y acepto los',
      service: 'Términos del servicio',
      and: 'y la',
      privacy: 'Política de privacidad',
      required: 'Lee y acepta los Términos del servicio y la Política de privacidad',
    },
    index: {
      smsLogin: 'Entrar con código SMS',
      passwordLogin: 'Entrar con contraseña',
      visitorLogin: 'Explorar como invitado',
      guestHint: 'Los invitados pueden ver la plaza y los contenidos; para crear hay que iniciar sesión',
    },
    login: {
      intro: 'Un teléfono nuevo obtiene una cuenta automáticamente tras la verificación',
      giftWithheldDevice: 'Registro completado. Este dispositivo ya recibió un regalo de bienvenida (uno por dispositivo), así que esta cuenta no lo recibe.',
      giftWithheldIp: 'Registro completado. Tu red ya alcanzó hoy el número de regalos de bienvenida, así que esta cuenta no lo recibe.',
      submit: 'Entrar',
      byPassword: 'Entrar con contraseña',
    },
    passwd: {
      intro: 'Entra con tu teléfono o nombre de cuenta y tu contraseña',
      bySms: 'Entrar con código SMS',
    },
    forget: {
      link: 'He olvidado la contraseña',
      intro: 'Restablece la contraseña con un código SMS; después tendrás que volver a entrar',
      submit: 'Restablecer contraseña',
      done: 'Contraseña restablecida. Vuelve a iniciar sesión',
    },
    bind: {
      intro: 'Para proteger tu cuenta, vincula un número de teléfono',
      submit: 'Vincular y entrar',
      noTicketTitle: 'No se puede vincular',
      noTicket: 'Abre esta página desde el inicio de sesión con WeChat',
    },
    download: {
      install: 'Añadir a la pantalla de inicio',
      installHint: 'Elige «Añadir a la pantalla de inicio» en el menú del navegador para instalarla',
      installed: 'Instalada en la pantalla de inicio',
      android: 'Descargar para Android',
      ios: 'Descargar en la App Store',
    },
    doc: {
      service:
        'Bienvenido a {{name}}. Estos términos son un acuerdo entre tú y nosotros sobre el uso de este producto y sus servicios. Léelos con atención.\n\n## 1. Cuenta\n\nPuedes registrarte y entrar con un código SMS. Guarda bien tu cuenta y contraseña; la cuenta es solo para ti y no puede prestarse, cederse ni venderse.\n\n## 2. Servicios\n\nOfrecemos herramientas de IA para textos, dibujo, doblaje y vídeo, una plaza de contenidos, membresía y actividades. Algunas funciones requieren membresía o cuestan oro o puntos, según se indica en cada página.\n\n## 3. Conducta\n\nNo uses el servicio para crear o difundir contenidos ilegales, que pongan en peligro la seguridad nacional, vulneren derechos de terceros o contengan pornografía, violencia o juego. Podemos retirar esos contenidos y limitar o bloquear cuentas.\n\n## 4. Contenido generado por IA\n\nEl contenido generado por IA es orientativo y puede ser inexacto. Eres responsable de su uso.\n\nComo exigen las normas chinas de etiquetado de contenido generado por IA y la norma nacional GB 45438-2025, etiquetamos lo que generamos: las imágenes llevan “AI生成” en la esquina inferior derecha; los vídeos muestran “AI生成” durante al menos sus 2 primeros segundos y una pequeña marca en la esquina todo el tiempo (el operador puede quitar la marca de la esquina, nunca la inicial); los doblajes empiezan con un aviso rítmico corto-largo-corto-corto o la frase hablada “本音频由AI生成”, y sus subtítulos se desplazan en consecuencia; las respuestas de la IA indican “Contenido generado por IA” donde las lees, y al copiarlas o publicarlas se añade esa línea al final. Cada archivo lleva además una etiqueta oculta en sus metadatos (el servicio, un identificador y una firma digital) que permite rastrear su origen. La membresía solo quita nuestras marcas de agua, nunca las etiquetas de IA.\n\nAl publicar en la plaza, elige tu declaración de creación con veracidad; las obras hechas con nuestras herramientas de IA se declaran generadas por IA y no se puede quitar. No puedes eliminar, alterar, falsificar ni ocultar estas etiquetas.\n\n## 5. Propiedad intelectual\n\nLo que creas y publicas es tuyo; nos permites usarlo en la medida necesaria para prestar el servicio.\n\n## 6. Baja de la cuenta\n\nPuedes darte de baja en Ajustes › Gestión de la cuenta › Eliminar cuenta. La cuenta eliminada no puede entrar, sus datos personales se anonimizan y su teléfono queda libre.\n\n## 7. Otros\n\nPodemos actualizar estos términos y publicaremos los cambios en la aplicación. Escríbenos a través de Atención al cliente.',
      privacy:
        '{{name}} protege tu información personal. Esta política explica cómo la recogemos, usamos, guardamos y protegemos.\n\n## 1. Qué recogemos\n\nTu teléfono al registrarte; el apodo, avatar y presentación que introduces; tu nombre y número de identidad para la verificación; tus obras, el modelo de dispositivo, el sistema operativo y los registros.\n\n## 2. Para qué la usamos\n\nPara iniciar sesión y proteger tu cuenta, prestar y mejorar los servicios de creación, tramitar pedidos de membresía y cumplir obligaciones legales como la verificación de identidad. Nunca vendemos tu información personal.\n\n## 3. Almacenamiento y protección\n\nTu información se guarda en la República Popular China. Los números de identidad se guardan cifrados y solo se muestran enmascarados; las contraseñas se guardan con hash.\n\n## 4. Tus derechos\n\nPuedes ver y editar tu perfil, cambiar tu teléfono y contraseña y eliminar tu cuenta. Tras la baja, tus datos se eliminan o anonimizan salvo que la ley disponga otra cosa.\n\n## 5. Menores\n\nLos menores de 14 años deben usar el servicio con el consentimiento y la guía de un tutor.\n\n## 6. Contacto\n\nEscríbenos a través de Atención al cliente o Comentarios.',
      guide:
        '¡Bienvenido a {{name}}! Así se empieza.\n\n## Entrar\n\nEn la pestaña Yo toca Entrar ahora y usa un código SMS; un teléfono nuevo se registra automáticamente. Puedes fijar una contraseña en Ajustes › Gestión de la cuenta.\n\n## Crear\n\nEn la página de inicio elige textos, dibujo, doblaje o vídeo con IA, describe tu idea y obtén una obra en segundos. Guárdala, cópiala o publícala en la plaza.\n\n## Plaza\n\nExplora las obras de todos, da me gusta, comenta o guarda. Bloquea a un autor si no quieres ver su contenido.\n\n## Membresía y puntos\n\nLos miembros crean más. Registra tu asistencia cada día para ganar puntos y canjéalos en la tienda.\n\n## Seguridad\n\nNo compartas nunca tu código de verificación. Cambia la contraseña o el teléfono y gestiona los bloqueos en Ajustes › Gestión de la cuenta.',
    },
  },
};
