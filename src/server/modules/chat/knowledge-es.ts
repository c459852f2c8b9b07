import { PASSWORD_MIN_LENGTH } from '../../../shared/account.ts';
import {
  BOOKING_DAYS,
  BUSINESS_NAME,
  FEES,
  GRACE_MINUTES,
  INCREMENT_MINUTES,
  MAX_OPEN_APPOINTMENTS,
  PAYMENT_METHODS,
  REMOTE_SUPPORT_TOOLS,
  SECURITY_LESSONS,
  SERVICE_TOWNS,
  SERVICES_OFFERED,
  type ServiceKind,
  SLOT_LABELS,
  type TECHNICIAN_BIO,
} from '../../../shared/business.ts';
import type { BookingRules } from '../../../shared/schedule.ts';
import { citiesOf, type KnowledgeEntry, PRODUCT_FACTS, type SiteLabel, type SupportContact, spokenSlot } from './knowledge.ts';
import { SPANISH_LABELS } from './spanish-labels.ts';

/**
 * The assistant's knowledge in Spanish: the same entries as the English knowledge base (same ids), built from the
 * same facts (src/shared/business.ts, the owner's booking rules), so a fee, a town, a day or a start time is the
 * same number or name in both languages. Only the words around the facts are Spanish. Place names, "TechHelp",
 * "PayPal" and phone numbers stay as they are; the towns keep their English names ("Town of Islip").
 *
 * The descriptions that live in English in src/shared (services, the technician, the remote tools, the security
 * lessons) have their Spanish here, keyed by the English record they translate: a service, tool or lesson added
 * there without its Spanish here does not compile.
 */

const label = (english: keyof typeof SPANISH_LABELS) => `«${SPANISH_LABELS[english]}»`;

/** The two kinds of work, as the answers name them. */
export const SERVICE_KIND_ES: Record<ServiceKind, string> = {
  troubleshooting: 'solución de problemas',
  consulting: 'consultoría',
};

const DAY_ES: Record<(typeof BOOKING_DAYS)[number], string> = { Saturday: 'sábado', Sunday: 'domingo' };

const PAYMENT_METHOD_ES: Record<(typeof PAYMENT_METHODS)[number], string> = {
  Cash: 'efectivo',
  Check: 'cheque',
  PayPal: 'PayPal',
  'Credit and debit cards': 'tarjeta de crédito o débito',
};

const SERVICE_ES: Record<(typeof SERVICES_OFFERED)[number]['title'], { title: string; text: string; keywords: string }> = {
  'Computer troubleshooting': {
    title: 'Solución de problemas de computadoras',
    text: 'Computadoras lentas o congeladas, mensajes de error, programas que no abren, impresoras y escáneres que dejaron de funcionar, y actualizaciones que salieron mal.',
    keywords:
      'lenta lento lentisima congelada congelado trabada trabado pegada error errores programa programas actualizacion actualizaciones impresora escaner computadora compu laptop pc mac falla',
  },
  'Internet and Wi-Fi': {
    title: 'Internet y Wi-Fi',
    text: 'Wi-Fi débil o que se corta, routers y módems nuevos, y conectar todos sus teléfonos, tabletas, televisores inteligentes e impresoras.',
    keywords: 'wifi wi-fi inalambrico internet router modem red conectar conexion señal impresora televisor tele tableta telefono celular',
  },
  'E-mail, accounts and passwords': {
    title: 'Correo electrónico, cuentas y contraseñas',
    text: 'Configurar el correo en un equipo nuevo, recuperar cuentas bloqueadas y organizar sus contraseñas en un administrador de contraseñas para que no las vuelva a perder.',
    keywords:
      'correo email e-mail outlook gmail bloqueada bloqueado cuenta cuentas contraseña contraseñas administrador recuperar entrar abre abrir',
  },
  'Security checkups': {
    title: 'Revisiones de seguridad',
    text: 'Quitar virus y ventanas emergentes, revisar el antivirus y el firewall, reconocer correos y llamadas de estafa, y hábitos seguros para la banca en línea.',
    keywords: 'virus ventanas emergentes anuncios seguridad revision chequeo estafa banco banca',
  },
  'New devices and backups': {
    title: 'Equipos nuevos y copias de seguridad',
    text: 'Pasar sus archivos, fotos y contactos a una computadora o un teléfono nuevo, y configurar copias de seguridad automáticas para que no se pierda nada.',
    keywords:
      'nueva nuevo computadora telefono celular pasar transferir archivos fotos contactos copia copias respaldo respaldos backup configurar',
  },
  'Small business and home office': {
    title: 'Pequeños negocios y oficinas en casa',
    text: 'Impresoras compartidas, Wi-Fi de la oficina, cuentas de Microsoft 365 y Google Workspace, y planificación de tecnología como consultoría.',
    keywords: 'negocio empresa oficina microsoft 365 google workspace impresora compartida',
  },
};

/** A Spanish text for each of a list's English ones, in order. */
type SpanishOf<T extends readonly string[]> = { readonly [K in keyof T]: string };

const BIO_ES: SpanishOf<typeof TECHNICIAN_BIO.paragraphs> = [
  `${BUSINESS_NAME} es un negocio local, de un solo técnico, con base en el Town of Islip. Su técnico se crió en Long Island y lleva más de veinte años haciendo que computadoras, redes y personas sigan funcionando: primero en el servicio de ayuda técnica de una empresa y luego a cargo de la tecnología de pequeñas oficinas en todo el condado de Suffolk.`,
  'La mayoría de nuestros clientes son oficinas en casa, pequeños negocios y personas mayores que quieren a alguien paciente y que hable claro, que les resuelva el problema y les enseñe a evitarlo la próxima vez. No se hace nada en su computadora sin explicárselo antes, y nunca paga por tiempo de espera.',
  'Todas las visitas se reservan para un sábado o un domingo, así las familias que trabajan y los dueños de pequeños negocios no tienen que pedir tiempo libre. Cuando no hace falta ir en persona, podemos conectarnos a su computadora a distancia, con su permiso, mientras usted mira.',
];

const TOOL_ES: Record<(typeof REMOTE_SUPPORT_TOOLS)[number]['name'], { name: string; platforms: string; text: string }> = {
  'Chrome Remote Desktop': {
    name: 'Chrome Remote Desktop (Escritorio remoto de Chrome)',
    platforms: 'para Windows, Mac y Chromebook',
    text: 'Funciona en el navegador Google Chrome en Windows, Mac y Chromebook. Abra el enlace, elija «Generar código» y léale el código a su técnico por teléfono. Puede terminar la sesión en cualquier momento.',
  },
  'Windows Quick Assist': {
    name: 'Windows Quick Assist (Asistencia rápida)',
    platforms: 'solo para Windows',
    text: 'Viene incluida en Windows 10 y Windows 11 y hace más que una herramienta del navegador: su técnico puede reiniciar su computadora y seguir ayudándole cuando vuelva a encender. Presione la tecla de Windows, escriba «Quick Assist» (o «Asistencia rápida» si su Windows está en español), ábrala e ingrese el código que le da su técnico.',
  },
};

const LESSON_ES: Record<(typeof SECURITY_LESSONS)[number]['anchor'], { title: string; summary: string[]; keywords: string }> = {
  'strong-password': {
    title: 'Contraseñas seguras',
    summary: [
      'Use una frase de contraseña larga, de cuatro o más palabras que no tengan nada que ver entre sí, con al menos 10 caracteres en total, en lugar de una palabra corta con símbolos.',
      'Nunca repita una contraseña: cuando roban los datos de un sitio web, los delincuentes prueban esa misma contraseña en todos los demás.',
      'Deje que un administrador de contraseñas las recuerde por usted, y active la verificación en dos pasos en su correo y en su banco.',
    ],
    keywords:
      'contraseña contraseñas clave claves password frase fuerte buena crear elegir inventar repetir administrador verificacion dos pasos hackearon hackeo robaron',
  },
  antivirus: {
    title: 'Protección antivirus',
    summary: [
      'Windows 10 y 11 traen Microsoft Defender; manténgalo encendido y deje que se actualice solo.',
      'Un solo antivirus es suficiente: dos a la vez ponen lenta la computadora y se estorban entre sí.',
      'Una ventana que dice que su computadora está infectada y le da un número de teléfono para llamar es una estafa, no un antivirus.',
    ],
    keywords:
      'antivirus virus malware infectada infectado infeccion defender norton mcafee ventana aviso alerta mensaje salio aparecio llamar numero escanear proteccion',
  },
  phishing: {
    title: 'Correos y mensajes de texto fraudulentos (phishing)',
    summary: [
      'Desconfíe de cualquier mensaje urgente, amenazante o demasiado bueno para ser verdad, aunque el logotipo parezca real.',
      'No haga clic en enlaces ni abra archivos adjuntos que no esperaba. Entre usted mismo al sitio web de la empresa, o llame al número que aparece en su tarjeta o en su estado de cuenta.',
      'Su banco, Medicare, el IRS y Microsoft nunca le piden contraseñas, códigos ni tarjetas de regalo por correo, mensaje de texto o teléfono.',
    ],
    keywords:
      'phishing estafa estafas estafador fraude falso falsa sospechoso raro rara extraño correo mensaje texto enlace link adjunto clic banco cuenta bloqueada suspendida verificar irs medicare tarjeta regalo urgente llamada',
  },
  'windows-firewall': {
    title: 'El firewall de Windows',
    summary: [
      'El firewall decide qué programas pueden conectarse a internet; Windows lo trae activado de fábrica.',
      'Revíselo en Configuración, Privacidad y seguridad, Seguridad de Windows, Firewall y protección de red: cada red debe decir «El firewall está activado».',
      'Si un programa le pide que apague el firewall, no siga y llámenos primero.',
    ],
    keywords: 'firewall cortafuegos red proteccion bloqueado bloquear apagar desactivar quitar windows seguridad configuracion',
  },
};

/** 'a, b y c' (or 'a, b o c'). */
export function listInWordsEs(items: readonly string[], last: 'y' | 'o' = 'y'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}

/** 'sábados y domingos', from the booking days. */
export const BOOKING_DAYS_ES = listInWordsEs(BOOKING_DAYS.map((day) => `${DAY_ES[day]}s`));
/** 'sábado o domingo'. */
const ONE_BOOKING_DAY_ES = listInWordsEs(
  BOOKING_DAYS.map((day) => DAY_ES[day]),
  'o',
);
/** '08:00am' → '8:00 a. m.', as the Spanish booking screens write a time. */
export function spokenSlotEs(label: string): string {
  return spokenSlot(label).replace(/ ([ap])m$/, ' $1. m.');
}

export const SPOKEN_SLOTS_ES = listInWordsEs(SLOT_LABELS.map(spokenSlotEs));
const PAYMENT_TERMS_ES = `El pago se hace al momento del servicio: ${listInWordsEs(
  PAYMENT_METHODS.map((method) => PAYMENT_METHOD_ES[method]),
  'o',
)}.`;
export const HARDWARE_NOTE_ES =
  'No reparamos hardware (las piezas físicas). Cuando una pieza o un equipo se daña, le ayudamos a escoger un reemplazo y a instalarlo.';
const [TOWN_A, TOWN_B] = SERVICE_TOWNS;
export const SERVICE_TOWNS_ES = `el ${TOWN_A} y el ${TOWN_B}`;

/** The service titles in Spanish, in the order of the English list. */
export const SERVICE_TITLES_ES = SERVICES_OFFERED.map((service) => SERVICE_ES[service.title].title);

/** 'Funciona en…' → 'funciona en…': Spanish goes on in lower case after a colon. */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export function supportLineEs(support: SupportContact): string {
  return `llámenos al ${support.phone} o escríbanos a ${support.email}`;
}

export function declineAnswerEs(support: SupportContact): string {
  return `Lo siento, no sé la respuesta a eso. Solo puedo contestar preguntas sobre los servicios de ${BUSINESS_NAME}, las tarifas, la zona que atendemos, las citas, la ayuda a distancia, los pagos y la seguridad en internet. Para cualquier otra cosa, por favor ${supportLineEs(support)}, y una persona le atenderá.`;
}

export function greetingAnswerEs(): string {
  return `¡Hola! Puedo contestar preguntas sobre los servicios de ${BUSINESS_NAME}, las tarifas, la zona que atendemos, las citas, la ayuda a distancia, los pagos y la seguridad en internet. ¿Qué le gustaría saber?`;
}

export function thanksAnswerEs(support: SupportContact): string {
  return `¡De nada! Si tiene otra pregunta, escríbala aquí. Para hablar con una persona, llámenos al ${support.phone}.`;
}

/** '1 hora', '12 horas', '48 horas (2 días)'. */
export function hoursInWordsEs(hours: number): string {
  if (hours === 1) return '1 hora';
  if (hours >= 48 && hours % 24 === 0) return `${hours} horas (${hours / 24} días)`;
  return `${hours} horas`;
}

export function noticeRuleEs(rules: BookingRules): string {
  const hours = hoursInWordsEs(rules.minNoticeHours);
  return rules.minNoticeHours === 0
    ? 'Puede reservar cualquier horario libre que todavía no haya empezado.'
    : `Las citas se reservan con al menos ${hours} de anticipación: no se puede reservar con menos de ${hours} antes de la visita. Los horarios más cercanos aparecen como ${label('Too soon to book')} en el calendario.`;
}

export function cutoffRuleEs(rules: BookingRules, support: SupportContact): string {
  return rules.cutoffHours === 0
    ? 'Puede cancelar o cambiar una cita por internet en cualquier momento antes de que empiece.'
    : `Puede cancelar o cambiar una cita por internet hasta ${hoursInWordsEs(rules.cutoffHours)} antes de que empiece. Después de eso ya no se puede cambiar ni cancelar por internet: por favor llámenos al ${support.phone}.`;
}

/**
 * The site's labels the new answers name (knowledge.ts SITE_LABELS), as the Spanish screens show them:
 * assistant-questions.test.ts checks each against the screens' Spanish catalogues.
 */
export const SITE_LABELS_ES: Record<SiteLabel, string> = {
  'Send me text messages about my visits': 'Envíenme mensajes de texto sobre mis visitas',
  'Confirm your number for texts': 'Confirme su número para los mensajes de texto',
  'Send a new code': 'Enviar un código nuevo',
  'Trusted contact': 'Persona de confianza',
  'Remove trusted contact': 'Quitar persona de confianza',
  Invoice: 'Factura',
  'Your data': 'Sus datos',
  'Download my data': 'Descargar mis datos',
  'Delete my account': 'Eliminar mi cuenta',
};

const siteLabel = (english: SiteLabel) => `«${SITE_LABELS_ES[english]}»`;

/** The English entries' productEntries, in Spanish: the same ids and the same facts (PRODUCT_FACTS). */
function productEntriesEs(support: SupportContact): KnowledgeEntry[] {
  const facts = PRODUCT_FACTS;
  const replies = facts.textReplies;
  const optIn = siteLabel('Send me text messages about my visits');
  return [
    {
      id: 'texts',
      questions: [
        '¿Me pueden mandar mensajes de texto sobre mis citas?',
        '¿Mandan textos?',
        '¿Cómo confirmo mi número para los mensajes de texto?',
        '¿Qué es el código que me mandaron por texto?',
        '¿Me pueden avisar por texto?',
      ],
      keywords:
        'texto textos mensaje mensajes sms celular telefono numero codigo digito digitos confirmar confirmo confirmacion bienvenida camino avisar aviso',
      answer: `Sí. Marque ${optIn} en el formulario del servicio o en la página de su cuenta. Primero le enviamos por texto un código de ${facts.textCodeDigits} dígitos: escríbalo en la página de su cuenta, en ${siteLabel('Confirm your number for texts')} (el código sirve por ${facts.textCodeMinutes} minutos; ${siteLabel('Send a new code')} manda otro). Hasta entonces no le mandamos ningún otro texto. Después recibe un mensaje de bienvenida, la confirmación de su cita, un recordatorio el día anterior, el aviso «voy en camino» cuando su técnico sale para una visita en persona, y el enlace para pagar. Responda ${replies.stop} en cualquier momento para dejar de recibirlos.`,
    },
    {
      id: 'texts-stop',
      questions: [
        '¿Cómo dejo de recibir sus textos?',
        'Ya no quiero mensajes de texto',
        '¿Cómo vuelvo a recibir los textos?',
        '¿Puedo quitar los mensajes de texto?',
      ],
      keywords: 'dejar parar detener quitar cancelar baja basta stop start volver recibir mas textos texto mensajes sms',
      answer: `Responda ${replies.stop} a cualquiera de nuestros textos y dejan de llegar en ese momento. Para volver a recibirlos, responda ${replies.start}. Responda ${replies.help} para recibir nuestro número de teléfono. También puede desmarcar ${optIn} en la página de su cuenta. Los correos sobre sus visitas le siguen llegando igual.`,
    },
    {
      id: 'trusted-contact',
      questions: [
        '¿Mi hija puede recibir copia de mis citas?',
        '¿Qué es una persona de confianza?',
        '¿Pueden avisarle a un familiar de mis visitas?',
        '¿Mi hijo puede recibir también los recordatorios?',
      ],
      keywords:
        'persona confianza contacto familiar familia hija hijo esposa esposo nieto nieta pariente cuidador cuidadora sobrino sobrina copia copias avisar enterado',
      answer: `Sí. En la página de su cuenta, en ${siteLabel('Trusted contact')}, puede nombrar a una persona, por ejemplo un familiar que le ayuda, con su nombre y su correo electrónico. Primero le mandamos por correo una invitación, y solo cuando acepta recibe por correo una copia de las confirmaciones, cambios, recordatorios y recibos de sus visitas. Esa persona no puede ver ni cambiar su cuenta. Para que dejen de llegarle las copias, presione ${siteLabel('Remove trusted contact')}; ella también puede pararlas con el enlace que trae cada copia.`,
    },
    {
      id: 'invoices',
      questions: [
        '¿Dónde encuentro mi factura?',
        '¿Cómo consigo un recibo?',
        '¿Puedo imprimir mi cuenta?',
        'Necesito un recibo para mis papeles',
      ],
      keywords: 'factura facturas recibo recibos cuenta imprimir impresa pdf papeles comprobante impuestos taxes prueba',
      answer: `Cuando su técnico marca una visita como completada con su monto, aparece el botón ${siteLabel('Invoice')} junto a ella en la lista de citas de su página de inicio: ábralo para leer o imprimir la factura. Después de pagar, le enviamos por correo su recibo con la factura adjunta en PDF y un enlace para verla e imprimirla otra vez. Guarde ese correo como su recibo.`,
    },
    {
      id: 'refunds',
      questions: [
        '¿Me pueden devolver el dinero?',
        '¿Cómo funcionan los reembolsos?',
        'Me cobraron dos veces, ¿me devuelven el dinero?',
        'Quiero un reembolso',
      ],
      keywords: 'reembolso reembolsos reembolsar devolver devolucion devuelven dinero cobraron dos veces doble error equivocado mal',
      answer: `Si algo no está bien con un pago, por favor llámenos al ${support.phone} para hablarlo. Cuando ${BUSINESS_NAME} devuelve un pago, lo que se pagó por internet se devuelve por PayPal, y el efectivo, el cheque o la tarjeta pagados en persona se devuelven en mano. Le llega un correo cuando se hace la devolución.`,
    },
    {
      id: 'language',
      questions: [
        '¿Puedo usar el sitio en español?',
        '¿Hay una versión en español?',
        '¿Cómo cambio el idioma?',
        '¿Me pueden mandar los correos en español?',
      ],
      keywords: 'español espanol ingles english idioma idiomas lengua cambiar traducir traduccion sitio pagina paginas leer',
      answer: `El sitio, nuestros correos y textos, y este asistente están en inglés y en español. El selector arriba de cada página, «${facts.languageSwitch}», cambia el idioma: presione «${facts.spanish}». Cuando inicia sesión, su cuenta lo recuerda, y nuestros correos y textos le llegan en ese idioma. Yo le contesto en el idioma en que usted escribe. Para preguntar si su visita puede ser en español, por favor llámenos al ${support.phone}.`,
    },
    {
      id: 'home-screen-app',
      questions: [
        '¿Tienen una aplicación?',
        '¿Puedo poner TechHelp en mi teléfono como una aplicación?',
        '¿Cómo pongo el sitio en la pantalla de inicio?',
        '¿Hay app para el celular?',
      ],
      keywords:
        'aplicacion app apps pantalla inicio icono acceso directo celular telefono iphone android ipad tableta tienda safari chrome',
      answer: `No hace falta descargar nada de una tienda de aplicaciones: puede poner este sitio en la pantalla de inicio de su teléfono y abrirlo como una aplicación. En un ${facts.appleDevices.join(' o ')}, abra el sitio en ${facts.browsers.apple}, toque el botón Compartir y elija la opción de agregarlo a la pantalla de inicio. En un teléfono ${facts.android}, ábralo en ${facts.browsers.android}, toque el menú (los tres puntos) y elija agregarlo a la pantalla principal o instalar la aplicación. Cuando su teléfono no tiene internet, muestra una página con nuestro número de teléfono.`,
    },
    {
      id: 'past-visits',
      questions: [
        '¿Dónde veo mis visitas anteriores?',
        '¿Cómo veo el historial de mis citas?',
        '¿Dónde están mis citas viejas?',
        '¿Puedo ver qué se hizo en mi última visita?',
      ],
      keywords:
        'anterior anteriores pasada pasadas vieja viejas antigua historial registro visitas citas hizo hicieron ultima lista desaparecio',
      answer: `La lista de citas de su página de inicio muestra sus visitas por venir y cualquier visita que espera su pago. Cuando una visita se paga, sale de esa lista; el correo con su recibo guarda los detalles y la factura. Para tener todas las visitas que ha tenido con nosotros, con pagos y facturas, use ${siteLabel('Download my data')} en la página de su cuenta, o llámenos al ${support.phone}.`,
    },
    {
      id: 'my-data',
      questions: ['¿Puedo descargar mis datos?', '¿Qué información guardan de mí?', '¿Cómo consigo una copia de mi información?'],
      keywords: 'datos descargar bajar copia informacion personal privacidad guardan guardar tienen archivo detalles',
      answer: `Sí. En la página de su cuenta, en ${siteLabel('Your data')}, presione ${siteLabel('Download my data')}. Recibe un archivo con todo lo que tenemos de usted: su cuenta y sus datos, su persona de confianza, sus visitas, pagos y facturas, sus opiniones, y los correos y textos que enviamos para su cuenta.`,
    },
    {
      id: 'delete-account',
      questions: ['¿Cómo elimino mi cuenta?', '¿Pueden borrar mi información?', 'Quiero cerrar mi cuenta', '¿Cómo borro mis datos?'],
      keywords: 'eliminar elimino borrar borro quitar cerrar cierro cuenta informacion olvidar',
      answer: `En la página de su cuenta, en ${siteLabel('Your data')}, presione ${siteLabel('Delete my account')} y confirme con su contraseña (una cuenta hecha con Google vuelve a entrar con Google). Se cancelan sus visitas por venir, con un correo por cada una, y se borran su acceso, sus datos, su persona de confianza y los mensajes que le enviamos. Las visitas pagadas se guardan para nuestra contabilidad, sin su nombre ni sus datos de contacto. Antes puede descargar sus datos con ${siteLabel('Download my data')}.`,
    },
    {
      id: 'visit-length',
      questions: [
        '¿Cuánto dura una visita?',
        '¿Cuánto tiempo se queda el técnico?',
        '¿Cuánto dura la cita?',
        '¿Cuánto tiempo toma cada visita?',
      ],
      keywords: 'dura duran duracion tiempo toma tarda queda minutos turno cada largo',
      answer: `Cada visita tiene un turno de ${facts.visitMinutes} minutos: los horarios, de las ${spokenSlotEs(facts.firstSlot)} a las ${spokenSlotEs(facts.lastSlot)}, empiezan cada ${facts.visitMinutes} minutos. Muchos problemas se arreglan en ese tiempo, y usted paga solo el tiempo trabajado, con una hora como mínimo. Si cree que su problema va a tomar más, dígalo en la descripción del problema o llámenos al ${support.phone}.`,
    },
    {
      id: 'last-slot',
      questions: [
        '¿Cuál es la última cita del día?',
        '¿A qué hora es su última cita?',
        '¿A qué hora es la primera cita?',
        '¿Cuál es el último turno?',
      ],
      keywords: 'ultima ultimo ultimas final tarde noche termina primera primero temprano turno cita hora empieza',
      answer: `La última visita de un ${ONE_BOOKING_DAY_ES} empieza a las ${spokenSlotEs(facts.lastSlot)} y la primera a las ${spokenSlotEs(facts.firstSlot)}, hora de Nueva York; cada una dura hasta ${facts.visitMinutes} minutos. No hay horarios más temprano ni más tarde.`,
    },
  ];
}

/** The English problemEntries, in Spanish. */
function problemEntriesEs(): KnowledgeEntry[] {
  const facts = PRODUCT_FACTS;
  const bookVisit = 'Reserve una visita, en persona o a distancia.';
  const fee = FEES.troubleshooting;
  const fixCost = `Arreglarlo se cobra como ${SERVICE_KIND_ES.troubleshooting}: $${fee.hourlyDollars} la primera hora y luego $${fee.incrementDollars} por cada ${INCREMENT_MINUTES} minutos más.`;
  return [
    {
      id: 'problem:printer',
      questions: [
        'Mi impresora no imprime',
        'Mi impresora dejó de funcionar después de una actualización',
        '¿Pueden arreglar mi impresora?',
        'La impresora dice que está desconectada',
      ],
      keywords:
        'impresora impresoras imprimir imprime imprima escaner escanear desconectada offline controlador driver tinta papel atascado cola actualizacion actualizo desde hp canon epson brother',
      answer: `Sí, le ayudamos con impresoras. Después de una actualización de ${facts.windows} o de ${facts.mac}, muchas veces hay que volver a instalar el controlador de la impresora o volver a conectarla al Wi-Fi. Primero, apague la impresora y la computadora y vuelva a encenderlas. Si todavía no imprime, reserve una visita, en persona o a distancia, y buscamos la causa. ${fixCost} ${HARDWARE_NOTE_ES}`,
    },
    {
      id: 'problem:wifi',
      questions: [
        'Mi Wi-Fi se corta a cada rato',
        'No me funciona el internet',
        'El Wi-Fi llega débil a una parte de la casa',
        '¿Me pueden instalar el router nuevo?',
      ],
      keywords: 'wifi wi-fi inalambrico internet router modem red señal conexion conectar desconecta corta cae debil lento funciona',
      answer: `Sí, le ayudamos con el Wi-Fi y el internet. Primero, apague el módem y el router por ${facts.modemOffSeconds} segundos y vuelva a encenderlos. Si todavía se corta o llega débil a partes de la casa, podemos buscar la causa, instalar un router o módem nuevo, y conectar sus teléfonos, tabletas, televisor e impresora. Si el internet no funciona para nadie en su casa, llame primero a su compañía de internet. ${bookVisit} ${fixCost}`,
    },
    {
      id: 'problem:email',
      questions: [
        'No puedo entrar a mi correo',
        'Mi correo dejó de funcionar',
        '¿Me pueden poner el correo en mi computadora nueva?',
        'Se me bloqueó el Gmail',
      ],
      keywords: 'correo correos email e-mail gmail outlook yahoo aol hotmail bandeja enviar recibir llegan bloqueado bloqueada entrar',
      answer: `Sí, le ayudamos con el correo (${facts.emailServices.join(', ')} y otros): configurarlo en una computadora, un teléfono o una tableta nuevos, arreglar el correo que dejó de enviar o de llegar, y volver a entrar a una cuenta bloqueada. Tenga su teléfono a mano: la compañía del correo puede mandarle por texto un código para que usted mismo lo escriba. ${bookVisit} ${fixCost}`,
    },
    {
      id: 'problem:phone-tablet',
      questions: [
        '¿Me ayudan con mi iPhone?',
        '¿Ayudan con tabletas?',
        '¿Me pueden configurar mi celular nuevo?',
        '¿Me pueden instalar la app de mi banco en el teléfono?',
      ],
      keywords: 'celular celulares telefono telefonos movil iphone android samsung ipad tableta tabletas kindle configurar banco',
      answer: `Sí, le ayudamos con ${facts.appleDevices.map((device) => `${device}s`).join(', ')}, teléfonos y tabletas ${facts.android}: configurar uno nuevo, pasar sus contactos y fotos, el correo, las actualizaciones, y aplicaciones como la aplicación oficial de su banco, de la ${facts.appStores.join(' o de ')}. Usted escribe sus propias contraseñas: nunca se las pedimos. Para un teléfono o una tableta, lo mejor es una visita en persona.`,
    },
    {
      id: 'problem:slow-computer',
      questions: [
        'Mi computadora está muy lenta',
        'Mi laptop tarda mucho en prender',
        '¿Por qué mi computadora está tan lenta?',
        'Mi computadora se congela',
      ],
      keywords:
        'lenta lento lentisima velocidad rapida tarda mucho congela congelada trabada pegada prender arrancar vieja computadora compu laptop pc lleno espacio',
      answer: `Sí, arreglamos computadoras lentas o que se congelan. Muchas veces la causa es que arrancan demasiados programas a la vez, el disco está lleno, hay dos antivirus estorbándose o hay actualizaciones pendientes. Primero, reinicie la computadora (con Reiniciar, no solo cerrando la tapa). Si sigue lenta, reserve una visita, en persona o a distancia, y buscamos la causa. ${fixCost} Si la computadora ya es muy vieja, le ayudamos a escoger una nueva y a pasar sus archivos.`,
    },
    {
      id: 'problem:backup',
      questions: [
        '¿Cómo hago una copia de mis fotos?',
        '¿Me pueden configurar las copias de seguridad?',
        'Tengo miedo de perder mis fotos',
        '¿Cómo guardo mis archivos?',
      ],
      keywords:
        'copia copias seguridad respaldo respaldos backup guardar perder perdi fotos archivos documentos nube icloud onedrive google drive disco externo',
      answer: `Sí. Configuramos copias de seguridad automáticas para que no se pierdan sus fotos y archivos, por ejemplo en ${facts.backupPlaces.join(', ')} o en un disco externo, y le mostramos cómo comprobar que funcionan. También pasamos sus archivos, fotos y contactos a una computadora o un teléfono nuevo. ${bookVisit}`,
    },
    {
      id: 'problem:video-calls',
      questions: [
        '¿Me ayudan con Zoom?',
        '¿Cómo hago FaceTime con mis nietos?',
        'Mi cámara no funciona en las videollamadas',
        '¿Me pueden configurar las videollamadas con mi familia?',
      ],
      keywords:
        'video videollamada videollamadas zoom facetime whatsapp skype meet camara microfono sonido audio oir ver nietos familia doctor medico',
      answer: `Sí. Configuramos ${facts.videoCallApps.join(', ')} y otras videollamadas en su computadora, tableta o teléfono, revisamos que la cámara, el micrófono y el sonido funcionen, y podemos practicar una llamada con usted. ${bookVisit}`,
    },
    {
      id: 'problem:virus-popups',
      questions: [
        'Creo que mi computadora tiene un virus',
        'Me salen ventanas emergentes en la computadora',
        '¿Pueden quitar un virus?',
        'Mi navegador muestra anuncios por todos lados',
      ],
      keywords:
        'virus malware infectada infectado infeccion ventana ventanas emergentes anuncios publicidad navegador pagina inicio barra antivirus limpiar quitar',
      answer: `Una ventana que dice que su computadora está infectada y le da un número de teléfono para llamar es una estafa: no llame, y cierre el navegador (si no se cierra, apague la computadora y vuelva a encenderla). Quitamos virus, ventanas emergentes y programas no deseados, y revisamos que su antivirus funcione. ${bookVisit} Díganos si le dio acceso a alguien o pagó algo. ${fixCost}`,
    },
  ];
}

/** The Spanish knowledge base for the owner's current rules: the English entries' ids, questions in Spanish. */
export function buildKnowledgeEs(support: SupportContact, rules: BookingRules): KnowledgeEntry[] {
  const troubleshooting = FEES.troubleshooting;
  const consulting = FEES.consulting;
  const islip = listInWordsEs(citiesOf('Town of Islip'));
  const smithtown = listInWordsEs(citiesOf('Town of Smithtown'));
  const [chromeTool, quickAssist] = REMOTE_SUPPORT_TOOLS.map((tool) => TOOL_ES[tool.name]);
  const notice = noticeRuleEs(rules);
  const cutoff = cutoffRuleEs(rules, support);
  const smallBusiness = SERVICES_OFFERED.find((service) => service.title.startsWith('Small business'));

  const entries: KnowledgeEntry[] = [
    {
      id: 'fees',
      questions: ['¿Cuánto cobran?', '¿Cuáles son sus precios?', '¿Cuánto cuesta una visita?', '¿Cuáles son sus tarifas?'],
      keywords:
        'tarifa tarifas precio precios costo costos cuesta cuestan cobran cobra cobro cuanto cuanta caro barato dolares dinero factura hora troubleshooting consulting',
      answer: `La ${SERVICE_KIND_ES.troubleshooting} (troubleshooting) cuesta $${troubleshooting.hourlyDollars} la primera hora (el mínimo es una hora) y luego $${troubleshooting.incrementDollars} por cada ${INCREMENT_MINUTES} minutos más. La ${SERVICE_KIND_ES.consulting} cuesta $${consulting.hourlyDollars} la primera hora y luego $${consulting.incrementDollars} por cada ${INCREMENT_MINUTES} minutos más. No cobramos los primeros ${GRACE_MINUTES} minutos después de la hora o la media hora; pasado ese tiempo, se suman otros ${INCREMENT_MINUTES} minutos. Dígame cuánto tiempo cree que va a tomar y le calculo el total.`,
    },
    {
      id: 'minimum-charge',
      questions: ['¿Hay un cobro mínimo?', '¿Y si solo toma 15 minutos?', '¿Cobran por una visita corta?', '¿Me cobran la hora completa?'],
      keywords: 'minimo minima menos corta corto rapido rapida trabajito pequeño minutos completa entera',
      answer: `Cada visita se cobra como mínimo una hora: $${troubleshooting.hourlyDollars} por ${SERVICE_KIND_ES.troubleshooting} o $${consulting.hourlyDollars} por ${SERVICE_KIND_ES.consulting}, aunque el problema se resuelva antes.`,
    },
    {
      id: 'consulting',
      questions: [
        '¿Qué es la consultoría?',
        '¿Cuál es la diferencia entre la solución de problemas y la consultoría?',
        '¿Me pueden dar consejos?',
      ],
      keywords:
        'consultoria consulta consulting asesoria asesor consejo consejos plan planear planificar recomendar recomendacion negocio oficina comprar diferencia',
      answer: `La ${SERVICE_KIND_ES.troubleshooting} (troubleshooting) es arreglar algo que no funciona, a $${troubleshooting.hourlyDollars} la hora. La ${SERVICE_KIND_ES.consulting} es asesoría y planificación, por ejemplo escoger computadoras nuevas, planear la red de una oficina pequeña o configurar Microsoft 365 o Google Workspace para un negocio, a $${consulting.hourlyDollars} la hora. Las dos tienen un mínimo de una hora, y después el tiempo extra se cobra en bloques de ${INCREMENT_MINUTES} minutos.`,
    },
    {
      id: 'payment-methods',
      questions: ['¿Cómo pago?', '¿Qué formas de pago aceptan?', '¿Puedo pagar con tarjeta de crédito?', '¿Aceptan cheques?'],
      keywords:
        'pagar pago pagos forma formas efectivo cash cheque cheques paypal credito debito tarjeta tarjetas visa mastercard internet linea aceptan aceptar',
      answer: `${PAYMENT_TERMS_ES} Cuando el trabajo esté terminado, también puede pagar por internet: inicie sesión, busque la visita en la lista de citas de su página de inicio y presione ${label('Pay')}. Se abre un pago seguro de PayPal, donde puede pagar con PayPal o con tarjeta de crédito o débito.`,
    },
    {
      id: 'when-pay',
      questions: [
        '¿Cuándo pago?',
        '¿Pago antes o después de la visita?',
        '¿Tengo que dejar un depósito?',
        '¿Hay que pagar por adelantado?',
      ],
      keywords: 'cuando antes despues deposito adelantado adelanto anticipo primero terminado termina',
      answer: `Usted paga cuando el trabajo está terminado, nunca por adelantado y sin depósito. ${PAYMENT_TERMS_ES} El botón ${label('Pay')} aparece en su lista de citas cuando su técnico marca la visita como completada e ingresa el monto.`,
    },
    {
      id: 'service-area',
      questions: ['¿Qué zona atienden?', '¿Dónde dan servicio?', '¿Qué pueblos cubren?', '¿Vienen a mi pueblo?', '¿Hasta dónde van?'],
      keywords:
        'zona zonas area pueblo pueblos ciudad ciudades donde lugar lugares atienden cubren van vienen barrio vecindario zip long island suffolk',
      answer: `Visitamos casas y negocios en ${SERVICE_TOWNS_ES}, en Long Island, Nueva York. En el ${TOWN_A}: ${islip}. En el ${TOWN_B}: ${smithtown}. Si su pueblo no está en esta lista no podemos ir en persona, pero la ayuda a distancia puede servirle.`,
    },
    {
      id: 'booking-days',
      questions: ['¿Qué días puedo reservar?', '¿Abren entre semana?', '¿Pueden venir un lunes?', '¿Cuándo están disponibles?'],
      keywords:
        'dia dias semana fin sabado sabados domingo domingos lunes martes miercoles jueves viernes abren abierto horario disponible disponibles cuando vienen trabajan',
      answer: `Las visitas son solo los ${BOOKING_DAYS_ES}, para que usted no tenga que faltar al trabajo. No hay citas entre semana. Cada día del fin de semana tiene ${SLOT_LABELS.length} horarios para empezar: ${SPOKEN_SLOTS_ES} (hora de Nueva York).`,
    },
    {
      id: 'booking-times',
      questions: ['¿A qué horas puedo reservar?', '¿Qué horarios tienen?', '¿Pueden venir en la noche?', '¿Qué tan temprano pueden venir?'],
      keywords: 'hora horas horario horarios turno turnos manana tarde noche temprano tarde empezar empiezan am pm',
      answer: `Los ${BOOKING_DAYS_ES} una visita puede empezar a las ${SPOKEN_SLOTS_ES}, hora de Nueva York. Los horarios que ya están ocupados aparecen en gris en el calendario de su página de inicio, y los horarios en que estamos cerrados aparecen como ${label('Closed')}. No ofrecemos otros horarios.`,
    },
    {
      id: 'how-to-book',
      questions: ['¿Cómo hago una cita?', '¿Cómo reservo una visita?', '¿Cómo puedo sacar una cita?', '¿Me puede hacer la cita usted?'],
      keywords: 'reservar reserva reservo cita citas agendar programar apartar visita sacar hacer calendario registrar appointment',
      answer: `Regístrese en este sitio (o inicie sesión), llene el formulario corto del servicio con su dirección y luego, en su página de inicio, elija un ${ONE_BOOKING_DAY_ES} en el calendario, escoja una hora, elija ${label('In-Person')} o ${label('Remote')} y presione ${label('Confirm')}. ${notice} Se le pedirá que describa el problema, y recibirá un correo de confirmación con una invitación de calendario. Yo no puedo hacer la cita por usted, pero si necesita ayuda para reservar, por favor ${supportLineEs(support)}.`,
    },
    {
      id: 'appointment-limit',
      questions: ['¿Cuántas citas puedo tener?', '¿Puedo reservar más de una visita?', '¿Por qué no puedo reservar una cuarta cita?'],
      keywords: 'cuantas limite maximo varias mas cuarta tres 3 gris deshabilitado bloqueado otra',
      answer: `Puede tener hasta ${MAX_OPEN_APPOINTMENTS} citas pendientes a la vez. Cuando una visita se completa o se cancela, puede reservar otra.`,
    },
    {
      id: 'cancel',
      questions: ['¿Cómo cancelo mi cita?', '¿Puedo cancelar una visita?', '¿Cobran por cancelar?'],
      keywords: 'cancelar cancelo cancelacion cancelado anular suspender multa cargo cobran',
      answer: `En su página de inicio, busque la visita en su lista de citas y presione ${label('Cancel')}. No se cobra nada por cancelar. ${cutoff} Si solo necesita otro horario, no tiene que cancelar: presione ${label('Change time')} y elija un horario nuevo. Una visita que ya se completó no se puede cancelar.`,
    },
    {
      id: 'reschedule',
      questions: [
        '¿Puedo cambiar mi cita?',
        'Necesito cambiar la hora de mi cita',
        '¿Puedo pasar mi visita a otro día?',
        '¿Cómo cambio la fecha de mi visita?',
      ],
      keywords: 'cambiar cambio mover pasar otro otra dia fecha hora nueva nuevo posponer aplazar reprogramar mas temprano mas tarde',
      answer: `Sí. En su página de inicio, busque la visita en su lista de citas, presione ${label('Change time')} y elija un nuevo horario libre de ${ONE_BOOKING_DAY_ES}. Su horario anterior se mantiene hasta que el nuevo queda apartado, así que no pierde su cita, y le enviamos por correo una invitación de calendario actualizada. ${cutoff} Una visita completada o pagada no se puede cambiar.`,
    },
    {
      id: 'cutoff',
      questions: [
        '¿Hasta cuándo puedo cancelar?',
        '¿Hasta qué hora puedo cambiar mi cita?',
        '¿Y si tengo que cancelar a última hora?',
        '¿Hay un plazo para cancelar?',
      ],
      keywords: 'tarde ultima ultimo momento plazo limite hasta cuando antes horas politica demasiado',
      answer: `${cutoff} Antes de eso, presione ${label('Cancel')} o ${label('Change time')} junto a la visita en la lista de citas de su página de inicio.`,
    },
    {
      id: 'notice',
      questions: [
        '¿Con cuánta anticipación tengo que reservar?',
        '¿Puedo reservar para hoy?',
        '¿Pueden venir mañana?',
        '¿Pueden venir el mismo día?',
        '¿Qué tan pronto pueden venir?',
        '¿Cuánto tiempo antes tengo que hacer la cita?',
      ],
      keywords: 'pronto hoy noche manana ahora mismo anticipacion adelantado urgente urgencia emergencia rapido enseguida antes reservar',
      answer: `${notice} Las visitas son los ${BOOKING_DAYS_ES} a las ${SPOKEN_SLOTS_ES} (hora de Nueva York), así que elija el primer horario libre en el calendario de su página de inicio. Si es urgente, llámenos al ${support.phone}.`,
    },
    {
      id: 'time-off',
      questions: [
        '¿Por qué el calendario dice Cerrado?',
        '¿Toman vacaciones?',
        '¿Cierran en los días feriados?',
        '¿Por qué no puedo reservar ese día?',
      ],
      keywords: 'cerrado cerrados cierran cierre vacaciones feriado feriados festivo libre descanso navidad viaje',
      answer: `A veces el dueño se toma unos días libres. Los días y horarios en que estamos cerrados aparecen como ${label('Closed')} en el calendario de su página de inicio y no se pueden reservar; por favor elija otro horario libre. Si tenemos que cerrar un horario que usted ya reservó, nos comunicaremos con usted. ${notice}`,
    },
    {
      id: 'completed-job',
      questions: [
        '¿Puedo cancelar una visita que ya se hizo?',
        'El trabajo ya terminó, ¿todavía lo puedo cancelar?',
        '¿Qué pasa cuando el trabajo está completado?',
      ],
      keywords: 'completado completada completo terminado terminada termino listo hecho ya despues trabajo deshacer',
      answer: `Cuando su técnico marca una visita como completada, ya no se puede cancelar ni cambiar, pero sí se puede pagar: búsquela en la lista de citas de su página de inicio y presione ${label('Pay')} (PayPal o tarjeta de crédito o débito), o pague en efectivo o con cheque. Una visita pagada tampoco se puede cancelar ni cambiar.`,
    },
    {
      id: 'describe-problem',
      questions: ['¿Cómo les digo cuál es el problema?', '¿Puedo cambiar la descripción del problema?'],
      keywords: 'describir descripcion problema explicar detalles editar notas',
      answer:
        'Justo después de reservar, una ventana le pide que describa el problema. Puede cambiar la descripción más tarde desde la lista de citas de su página de inicio. Mientras más detalles nos dé, mejor se puede preparar su técnico.',
    },
    {
      id: 'remote-support',
      questions: [
        '¿Cómo funciona la ayuda a distancia?',
        '¿Pueden arreglar mi computadora a distancia?',
        '¿Me pueden ayudar sin venir a mi casa?',
      ],
      keywords: 'distancia remoto remota remote internet linea conectar conexion pantalla compartir sin venir casa virtual',
      answer: `Para una visita a distancia, reserve un horario y elija ${label('Remote')} en lugar de ${label('In-Person')}. A la hora de la cita lo llamamos, y usted nos deja ver su pantalla con una herramienta gratuita: ${chromeTool?.name}, ${chromeTool?.platforms}, o ${quickAssist?.name}, ${quickAssist?.platforms}. Usted ve todo lo que hacemos y puede terminar la sesión en cualquier momento. La página de ayuda a distancia (Remote Support) de este sitio tiene instrucciones paso a paso. Las visitas a distancia cuestan lo mismo que las visitas en persona.`,
    },
    {
      id: 'remote-tools',
      questions: ['¿Qué programa usan para la ayuda a distancia?', '¿Tengo que instalar algo?', '¿Qué es Quick Assist?'],
      keywords:
        'programa software herramienta aplicacion app instalar descargar bajar chrome escritorio quick assist asistencia codigo teamviewer anydesk',
      answer: `Usamos solo herramientas gratuitas. ${chromeTool?.name}: ${lowerFirst(chromeTool?.text ?? '')} ${quickAssist?.name}: ${lowerFirst(quickAssist?.text ?? '')} Úselas solo durante una visita que reservó con nosotros, nunca para alguien que lo llamó.`,
    },
    {
      id: 'remote-safety',
      questions: ['¿Es segura la ayuda a distancia?', '¿Pueden entrar a mi computadora cuando quieran?'],
      keywords:
        'seguro segura seguridad peligroso confiar confianza privacidad acceso control permiso entrar controlar controlen controlan manejar pantalla dejar',
      answer:
        'Sí. Solo podemos conectarnos cuando usted nos da un código nuevo durante nuestra llamada, usted ve todo lo que hacemos y puede terminar la sesión en cualquier momento. Cuando termina, ya no podemos ver ni entrar a su computadora. Nunca le dé un código a alguien que lo llamó sin que usted lo esperara: nosotros solo nos conectamos durante una visita que usted reservó.',
    },
    {
      id: 'hardware',
      questions: ['¿Reparan hardware?', '¿Pueden arreglar una pantalla rota?', 'Mi laptop no prende, ¿la pueden reparar?'],
      keywords:
        'hardware reparar reparan reparacion rota roto quebrada rajada teclado bateria pieza piezas cambiar reemplazo prende enciende agua daño',
      answer: `${HARDWARE_NOTE_ES} Reserve una visita y revisamos qué falló y si vale la pena reemplazarlo.`,
    },
    {
      id: 'services',
      questions: ['¿Qué servicios ofrecen?', '¿En qué me pueden ayudar?', '¿Qué tipo de problemas arreglan?'],
      keywords: 'servicios servicio ofrecen hacen ayudar arreglan problemas tipo tipos',
      answer: `Le ayudamos con: ${SERVICE_TITLES_ES.map(lowerFirst).join('; ')}. ${HARDWARE_NOTE_ES}`,
    },
    {
      id: 'who',
      questions: [
        '¿Quiénes son ustedes?',
        '¿Quién es el técnico?',
        '¿Quién viene a mi casa?',
        '¿Cuánta experiencia tienen?',
        '¿Son un negocio local?',
      ],
      keywords: 'quien quienes tecnico experiencia preparado local compañia negocio años vendra viene',
      answer: BIO_ES.slice(0, 2).join(' '),
    },
    {
      id: 'contact',
      questions: [
        '¿Cómo me comunico con ustedes?',
        '¿Cuál es su número de teléfono?',
        '¿Puedo hablar con una persona?',
        '¿Cuál es su correo?',
      ],
      keywords: 'contacto comunicarme comunico telefono numero llamar correo email hablar persona humano real',
      answer: `Puede llamarnos al ${support.phone} o escribirnos a ${support.email}. El número de teléfono también aparece en su página de inicio después de iniciar sesión.`,
    },
    {
      id: 'account',
      questions: ['¿Cómo creo una cuenta?', 'Se me olvidó la contraseña', '¿Cómo cambio mi correo electrónico?'],
      keywords:
        'cuenta registrarme registro registrar inscribirme entrar sesion contraseña olvide olvido olvidé restablecer verificar verificacion correo cambiar',
      answer: `Para registrarse, presione ${label('Register')} arriba en la página, escriba su correo electrónico y una contraseña de al menos ${PASSWORD_MIN_LENGTH} caracteres, y abra el enlace del correo de verificación que le enviamos. Si olvidó su contraseña, use ${label('Forgot password?')} en la página para iniciar sesión. Puede cambiar su correo electrónico y sus datos de contacto en la página de su cuenta después de iniciar sesión.`,
    },
    {
      id: 'reminder',
      questions: ['¿Me mandan un recordatorio antes de la visita?', '¿Me avisan antes de la cita?', '¿Mandan una confirmación?'],
      keywords: 'recordatorio recordatorios recordar recuerdan avisan avisar aviso confirmacion confirmar correo invitacion calendario',
      answer:
        'Sí. Recibe un correo de confirmación con una invitación de calendario en cuanto reserva, y un correo de recordatorio el día antes de su visita. Si cancela, también le llega un correo avisándole.',
    },
    {
      id: 'business-hardware-software',
      questions: ['¿Ayudan a pequeños negocios?', '¿Pueden instalar la red de mi oficina?', '¿Trabajan con oficinas en casa?'],
      keywords: 'negocio negocios pequeño empresa oficina red impresora compartida microsoft 365 google workspace empleados',
      answer: `Sí. ${smallBusiness ? SERVICE_ES[smallBusiness.title].text : ''} Arreglar problemas se cobra como ${SERVICE_KIND_ES.troubleshooting} y la planificación como ${SERVICE_KIND_ES.consulting}.`,
    },
  ];

  const siteContent: KnowledgeEntry[] = [
    ...SERVICES_OFFERED.map((service) => ({
      id: `service:${service.title}`,
      questions: [SERVICE_ES[service.title].title],
      keywords: SERVICE_ES[service.title].keywords,
      answer: `Sí, le ayudamos con eso. ${SERVICE_ES[service.title].text} Las visitas son los ${BOOKING_DAYS_ES}, en persona o a distancia.`,
    })),
    ...SECURITY_LESSONS.map((lesson) => {
      const spanish = LESSON_ES[lesson.anchor];
      return {
        id: `security:${lesson.anchor}`,
        questions: [spanish.title],
        keywords: spanish.keywords,
        answer: `${spanish.summary.join(' ')} La página Securified de este sitio tiene un video corto sobre ${lowerFirst(spanish.title)}.`,
      };
    }),
  ];
  return [...entries, ...productEntriesEs(support), ...problemEntriesEs(), ...siteContent];
}
