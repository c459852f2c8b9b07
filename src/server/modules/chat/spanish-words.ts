import {
  type BOOKING_DAYS,
  BUSINESS_NAME,
  type PAYMENT_METHODS,
  type REMOTE_SUPPORT_TOOLS,
  type SECURITY_LESSONS,
  type SERVICES_OFFERED,
  type ServiceKind,
  type TECHNICIAN_BIO,
} from '../../../shared/business.ts';
import type { SiteLabel } from './knowledge-facts.ts';

/**
 * The words the assistant's answers put into their placeholders, in Spanish: the days, the kinds of work, the site's
 * labels, and the Spanish of the descriptions src/shared keeps in English (services, the technician, the remote
 * tools, the security lessons). The answers themselves are English messages translated in src/server/locales/es.po
 * (knowledge.ts); these are only the values they are filled with. Each record is keyed by the English one it
 * translates: a service, tool, lesson or label added there without its Spanish here does not compile.
 */

/** 'a, b y c' (or 'a, b o c'). */
export function listInWordsEs(items: readonly string[], last: 'y' | 'o' = 'y'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}

/** '08:00am' → '8:00 a. m.', as the Spanish booking screens write a time. */
export function spokenSlotEs(label: string): string {
  return label
    .replace(/^0/, '')
    .replace(/(am|pm)$/, ' $1')
    .replace(/ ([ap])m$/, ' $1. m.');
}

/** The two kinds of work, as the answers name them. */
export const SERVICE_KIND_ES: Record<ServiceKind, string> = {
  troubleshooting: 'solución de problemas',
  consulting: 'consultoría',
};

export const DAY_ES: Record<(typeof BOOKING_DAYS)[number], string> = { Saturday: 'sábado', Sunday: 'domingo' };

export const PAYMENT_METHOD_ES: Record<(typeof PAYMENT_METHODS)[number], string> = {
  Cash: 'efectivo',
  Check: 'cheque',
  PayPal: 'PayPal',
  'Credit and debit cards': 'tarjeta de crédito o débito',
};

/**
 * The site's labels the answers name (knowledge.ts SITE_LABELS), as the Spanish screens show them:
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

export const HARDWARE_NOTE_ES =
  'No reparamos hardware (las piezas físicas). Cuando una pieza o un equipo se daña, le ayudamos a escoger un reemplazo y a instalarlo.';

export const SERVICE_ES: Record<(typeof SERVICES_OFFERED)[number]['title'], { title: string; text: string }> = {
  'Computer troubleshooting': {
    title: 'Solución de problemas de computadoras',
    text: 'Computadoras lentas o congeladas, mensajes de error, programas que no abren, impresoras y escáneres que dejaron de funcionar, y actualizaciones que salieron mal.',
  },
  'Internet and Wi-Fi': {
    title: 'Internet y Wi-Fi',
    text: 'Wi-Fi débil o que se corta, routers y módems nuevos, y conectar todos sus teléfonos, tabletas, televisores inteligentes e impresoras.',
  },
  'E-mail, accounts and passwords': {
    title: 'Correo electrónico, cuentas y contraseñas',
    text: 'Configurar el correo en un equipo nuevo, recuperar cuentas bloqueadas y organizar sus contraseñas en un administrador de contraseñas para que no las vuelva a perder.',
  },
  'Security checkups': {
    title: 'Revisiones de seguridad',
    text: 'Quitar virus y ventanas emergentes, revisar el antivirus y el firewall, reconocer correos y llamadas de estafa, y hábitos seguros para la banca en línea.',
  },
  'New devices and backups': {
    title: 'Equipos nuevos y copias de seguridad',
    text: 'Pasar sus archivos, fotos y contactos a una computadora o un teléfono nuevo, y configurar copias de seguridad automáticas para que no se pierda nada.',
  },
  'Small business and home office': {
    title: 'Pequeños negocios y oficinas en casa',
    text: 'Impresoras compartidas, Wi-Fi de la oficina, cuentas de Microsoft 365 y Google Workspace, y planificación de tecnología como consultoría.',
  },
};

/** A Spanish text for each of a list's English ones, in order. */
type SpanishOf<T extends readonly string[]> = { readonly [K in keyof T]: string };

export const BIO_ES: SpanishOf<typeof TECHNICIAN_BIO.paragraphs> = [
  `${BUSINESS_NAME} es un negocio local, de un solo técnico, con base en el Town of Islip. Su técnico se crió en Long Island y lleva más de veinte años haciendo que computadoras, redes y personas sigan funcionando: primero en el servicio de ayuda técnica de una empresa y luego a cargo de la tecnología de pequeñas oficinas en todo el condado de Suffolk.`,
  'La mayoría de nuestros clientes son oficinas en casa, pequeños negocios y personas mayores que quieren a alguien paciente y que hable claro, que les resuelva el problema y les enseñe a evitarlo la próxima vez. No se hace nada en su computadora sin explicárselo antes, y nunca paga por tiempo de espera.',
  'Todas las visitas se reservan para un sábado o un domingo, así las familias que trabajan y los dueños de pequeños negocios no tienen que pedir tiempo libre. Cuando no hace falta ir en persona, podemos conectarnos a su computadora a distancia, con su permiso, mientras usted mira.',
];

export const TOOL_ES: Record<(typeof REMOTE_SUPPORT_TOOLS)[number]['name'], { name: string; platforms: string; text: string }> = {
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

export const LESSON_ES: Record<(typeof SECURITY_LESSONS)[number]['anchor'], { title: string; summary: string[] }> = {
  'strong-password': {
    title: 'Contraseñas seguras',
    summary: [
      'Use una frase de contraseña larga, de cuatro o más palabras que no tengan nada que ver entre sí, con al menos 10 caracteres en total, en lugar de una palabra corta con símbolos.',
      'Nunca repita una contraseña: cuando roban los datos de un sitio web, los delincuentes prueban esa misma contraseña en todos los demás.',
      'Deje que un administrador de contraseñas las recuerde por usted, y active la verificación en dos pasos en su correo y en su banco.',
    ],
  },
  antivirus: {
    title: 'Protección antivirus',
    summary: [
      'Windows 10 y 11 traen Microsoft Defender; manténgalo encendido y deje que se actualice solo.',
      'Un solo antivirus es suficiente: dos a la vez ponen lenta la computadora y se estorban entre sí.',
      'Una ventana que dice que su computadora está infectada y le da un número de teléfono para llamar es una estafa, no un antivirus.',
    ],
  },
  phishing: {
    title: 'Correos y mensajes de texto fraudulentos (phishing)',
    summary: [
      'Desconfíe de cualquier mensaje urgente, amenazante o demasiado bueno para ser verdad, aunque el logotipo parezca real.',
      'No haga clic en enlaces ni abra archivos adjuntos que no esperaba. Entre usted mismo al sitio web de la empresa, o llame al número que aparece en su tarjeta o en su estado de cuenta.',
      'Su banco, Medicare, el IRS y Microsoft nunca le piden contraseñas, códigos ni tarjetas de regalo por correo, mensaje de texto o teléfono.',
    ],
  },
  'windows-firewall': {
    title: 'El firewall de Windows',
    summary: [
      'El firewall decide qué programas pueden conectarse a internet; Windows lo trae activado de fábrica.',
      'Revíselo en Configuración, Privacidad y seguridad, Seguridad de Windows, Firewall y protección de red: cada red debe decir «El firewall está activado».',
      'Si un programa le pide que apague el firewall, no siga y llámenos primero.',
    ],
  },
};
