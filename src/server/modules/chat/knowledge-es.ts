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
import { citiesOf, type KnowledgeEntry, type SupportContact, spokenSlot } from './knowledge.ts';
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
        'dia dias semana fin sabado sabados domingo domingos lunes martes miercoles jueves viernes abren abierto horario disponible disponibles cuando',
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
      answer: `Usamos solo herramientas gratuitas. ${chromeTool?.name}: ${lowerFirst(chromeTool?.text ?? '')} ${quickAssist?.name}: ${lowerFirst(quickAssist?.text ?? '')}`,
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
  return [...entries, ...siteContent];
}
