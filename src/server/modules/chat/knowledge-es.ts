import { SECURITY_LESSONS, type SERVICES_OFFERED } from '../../../shared/business.ts';
import type { BookingRules } from '../../../shared/schedule.ts';
import type { EntryId, Retrieval } from './knowledge.ts';
import { type KnowledgeEntry, knowledgeIn, type SupportContact } from './knowledge.ts';
import { fact } from './said.ts';

/** A service's title as the Spanish site shows it (src/shared/locales/facts/es.po): the way a customer names it. */
const serviceTitle = (title: (typeof SERVICES_OFFERED)[number]['title']): string => fact(title).es;
/** A security lesson's title as the Spanish Securified page shows it. */
const lessonTitle = (anchor: (typeof SECURITY_LESSONS)[number]['anchor']): string =>
  fact(SECURITY_LESSONS.find((lesson) => lesson.anchor === anchor)?.title ?? '').es;

/**
 * The assistant's knowledge in Spanish: only what retrieval reads, the ways a Spanish-speaking customer asks for
 * each entry and the words that point at it, keyed by the English entries' ids (knowledge.ts ENTRY_IDS and the
 * service and lesson ids). An id without its Spanish here does not compile. The answers are not here: each is
 * written once, in English, and its Spanish comes from src/server/locales/es.po (knowledge.ts, said.ts). The services'
 * and lessons' titles are asked as the Spanish site shows them.
 */
export const RETRIEVAL_ES: Readonly<Record<EntryId, Retrieval>> = {
  fees: {
    questions: ['¿Cuánto cobran?', '¿Cuáles son sus precios?', '¿Cuánto cuesta una visita?', '¿Cuáles son sus tarifas?'],
    keywords:
      'tarifa tarifas precio precios costo costos cuesta cuestan cobran cobra cobro cuanto cuanta caro barato dolares dinero factura hora troubleshooting consulting',
  },
  'minimum-charge': {
    questions: ['¿Hay un cobro mínimo?', '¿Y si solo toma 15 minutos?', '¿Cobran por una visita corta?', '¿Me cobran la hora completa?'],
    keywords: 'minimo minima menos corta corto rapido rapida trabajito pequeño minutos completa entera',
  },
  consulting: {
    questions: [
      '¿Qué es la consultoría?',
      '¿Cuál es la diferencia entre la solución de problemas y la consultoría?',
      '¿Me pueden dar consejos?',
    ],
    keywords:
      'consultoria consulta consulting asesoria asesor consejo consejos plan planear planificar recomendar recomendacion negocio oficina comprar diferencia',
  },
  'payment-methods': {
    questions: ['¿Cómo pago?', '¿Qué formas de pago aceptan?', '¿Puedo pagar con tarjeta de crédito?', '¿Aceptan cheques?'],
    keywords:
      'pagar pago pagos forma formas efectivo cash cheque cheques paypal credito debito tarjeta tarjetas visa mastercard internet linea aceptan aceptar',
  },
  'when-pay': {
    questions: ['¿Cuándo pago?', '¿Pago antes o después de la visita?', '¿Tengo que dejar un depósito?', '¿Hay que pagar por adelantado?'],
    keywords: 'cuando antes despues deposito adelantado adelanto anticipo primero terminado termina',
  },
  'service-area': {
    questions: ['¿Qué zona atienden?', '¿Dónde dan servicio?', '¿Qué pueblos cubren?', '¿Vienen a mi pueblo?', '¿Hasta dónde van?'],
    keywords:
      'zona zonas area pueblo pueblos ciudad ciudades donde lugar lugares atienden cubren van vienen barrio vecindario zip long island suffolk',
  },
  'booking-days': {
    questions: ['¿Qué días puedo reservar?', '¿Abren entre semana?', '¿Pueden venir un lunes?', '¿Cuándo están disponibles?'],
    keywords:
      'dia dias semana fin sabado sabados domingo domingos lunes martes miercoles jueves viernes abren abierto horario disponible disponibles cuando vienen trabajan',
  },
  'booking-times': {
    questions: ['¿A qué horas puedo reservar?', '¿Qué horarios tienen?', '¿Pueden venir en la noche?', '¿Qué tan temprano pueden venir?'],
    keywords: 'hora horas horario horarios turno turnos manana tarde noche temprano tarde empezar empiezan am pm',
  },
  'how-to-book': {
    questions: ['¿Cómo hago una cita?', '¿Cómo reservo una visita?', '¿Cómo puedo sacar una cita?', '¿Me puede hacer la cita usted?'],
    keywords: 'reservar reserva reservo cita citas agendar programar apartar visita sacar hacer calendario registrar appointment',
  },
  'appointment-limit': {
    questions: ['¿Cuántas citas puedo tener?', '¿Puedo reservar más de una visita?', '¿Por qué no puedo reservar una cuarta cita?'],
    keywords: 'cuantas limite maximo varias mas cuarta tres 3 gris deshabilitado bloqueado otra',
  },
  cancel: {
    questions: ['¿Cómo cancelo mi cita?', '¿Puedo cancelar una visita?', '¿Cobran por cancelar?'],
    keywords: 'cancelar cancelo cancelacion cancelado anular suspender multa cargo cobran',
  },
  reschedule: {
    questions: [
      '¿Puedo cambiar mi cita?',
      'Necesito cambiar la hora de mi cita',
      '¿Puedo pasar mi visita a otro día?',
      '¿Cómo cambio la fecha de mi visita?',
    ],
    keywords: 'cambiar cambio mover pasar otro otra dia fecha hora nueva nuevo posponer aplazar reprogramar mas temprano mas tarde',
  },
  cutoff: {
    questions: [
      '¿Hasta cuándo puedo cancelar?',
      '¿Hasta qué hora puedo cambiar mi cita?',
      '¿Y si tengo que cancelar a última hora?',
      '¿Hay un plazo para cancelar?',
    ],
    keywords: 'tarde ultima ultimo momento plazo limite hasta cuando antes horas politica demasiado',
  },
  notice: {
    questions: [
      '¿Con cuánta anticipación tengo que reservar?',
      '¿Puedo reservar para hoy?',
      '¿Pueden venir mañana?',
      '¿Pueden venir el mismo día?',
      '¿Qué tan pronto pueden venir?',
      '¿Cuánto tiempo antes tengo que hacer la cita?',
    ],
    keywords: 'pronto hoy noche manana ahora mismo anticipacion adelantado urgente urgencia emergencia rapido enseguida antes reservar',
  },
  'time-off': {
    questions: [
      '¿Por qué el calendario dice Cerrado?',
      '¿Toman vacaciones?',
      '¿Cierran en los días feriados?',
      '¿Por qué no puedo reservar ese día?',
    ],
    keywords: 'cerrado cerrados cierran cierre vacaciones feriado feriados festivo libre descanso navidad viaje',
  },
  'completed-job': {
    questions: [
      '¿Puedo cancelar una visita que ya se hizo?',
      'El trabajo ya terminó, ¿todavía lo puedo cancelar?',
      '¿Qué pasa cuando el trabajo está completado?',
    ],
    keywords: 'completado completada completo terminado terminada termino listo hecho ya despues trabajo deshacer',
  },
  'describe-problem': {
    questions: ['¿Cómo les digo cuál es el problema?', '¿Puedo cambiar la descripción del problema?'],
    keywords: 'describir descripcion problema explicar detalles editar notas',
  },
  'remote-support': {
    questions: [
      '¿Cómo funciona la ayuda a distancia?',
      '¿Pueden arreglar mi computadora a distancia?',
      '¿Me pueden ayudar sin venir a mi casa?',
    ],
    keywords: 'distancia remoto remota remote internet linea conectar conexion pantalla compartir sin venir casa virtual',
  },
  'remote-tools': {
    questions: ['¿Qué programa usan para la ayuda a distancia?', '¿Tengo que instalar algo?', '¿Qué es Quick Assist?'],
    keywords:
      'programa software herramienta aplicacion app instalar descargar bajar chrome escritorio quick assist asistencia codigo teamviewer anydesk',
  },
  'remote-safety': {
    questions: ['¿Es segura la ayuda a distancia?', '¿Pueden entrar a mi computadora cuando quieran?'],
    keywords:
      'seguro segura seguridad peligroso confiar confianza privacidad acceso control permiso entrar controlar controlen controlan manejar pantalla dejar',
  },
  hardware: {
    questions: ['¿Reparan hardware?', '¿Pueden arreglar una pantalla rota?', 'Mi laptop no prende, ¿la pueden reparar?'],
    keywords:
      'hardware reparar reparan reparacion rota roto quebrada rajada teclado bateria pieza piezas cambiar reemplazo prende enciende agua daño',
  },
  services: {
    questions: ['¿Qué servicios ofrecen?', '¿En qué me pueden ayudar?', '¿Qué tipo de problemas arreglan?'],
    keywords: 'servicios servicio ofrecen hacen ayudar arreglan problemas tipo tipos',
  },
  who: {
    questions: [
      '¿Quiénes son ustedes?',
      '¿Quién es el técnico?',
      '¿Quién viene a mi casa?',
      '¿Cuánta experiencia tienen?',
      '¿Son un negocio local?',
    ],
    keywords: 'quien quienes tecnico experiencia preparado local compañia negocio años vendra viene',
  },
  contact: {
    questions: [
      '¿Cómo me comunico con ustedes?',
      '¿Cuál es su número de teléfono?',
      '¿Puedo hablar con una persona?',
      '¿Cuál es su correo?',
    ],
    keywords: 'contacto comunicarme comunico telefono numero llamar correo email hablar persona humano real',
  },
  account: {
    questions: ['¿Cómo creo una cuenta?', 'Se me olvidó la contraseña', '¿Cómo cambio mi correo electrónico?'],
    keywords:
      'cuenta registrarme registro registrar inscribirme entrar sesion contraseña olvide olvido olvidé restablecer verificar verificacion correo cambiar',
  },
  reminder: {
    questions: ['¿Me mandan un recordatorio antes de la visita?', '¿Me avisan antes de la cita?', '¿Mandan una confirmación?'],
    keywords: 'recordatorio recordatorios recordar recuerdan avisan avisar aviso confirmacion confirmar correo invitacion calendario',
  },
  'business-hardware-software': {
    questions: ['¿Ayudan a pequeños negocios?', '¿Pueden instalar la red de mi oficina?', '¿Trabajan con oficinas en casa?'],
    keywords: 'negocio negocios pequeño empresa oficina red impresora compartida microsoft 365 google workspace empleados',
  },
  texts: {
    questions: [
      '¿Me pueden mandar mensajes de texto sobre mis citas?',
      '¿Mandan textos?',
      '¿Cómo confirmo mi número para los mensajes de texto?',
      '¿Qué es el código que me mandaron por texto?',
      '¿Me pueden avisar por texto?',
    ],
    keywords:
      'texto textos mensaje mensajes sms celular telefono numero codigo digito digitos confirmar confirmo confirmacion bienvenida camino avisar aviso',
  },
  'texts-stop': {
    questions: [
      '¿Cómo dejo de recibir sus textos?',
      'Ya no quiero mensajes de texto',
      '¿Cómo vuelvo a recibir los textos?',
      '¿Puedo quitar los mensajes de texto?',
    ],
    keywords: 'dejar parar detener quitar cancelar baja basta stop start volver recibir mas textos texto mensajes sms',
  },
  'trusted-contact': {
    questions: [
      '¿Mi hija puede recibir copia de mis citas?',
      '¿Qué es una persona de confianza?',
      '¿Pueden avisarle a un familiar de mis visitas?',
      '¿Mi hijo puede recibir también los recordatorios?',
    ],
    keywords:
      'persona confianza contacto familiar familia hija hijo esposa esposo nieto nieta pariente cuidador cuidadora sobrino sobrina copia copias avisar enterado',
  },
  invoices: {
    questions: [
      '¿Dónde encuentro mi factura?',
      '¿Cómo consigo un recibo?',
      '¿Puedo imprimir mi cuenta?',
      'Necesito un recibo para mis papeles',
    ],
    keywords: 'factura facturas recibo recibos cuenta imprimir impresa pdf papeles comprobante impuestos taxes prueba',
  },
  refunds: {
    questions: [
      '¿Me pueden devolver el dinero?',
      '¿Cómo funcionan los reembolsos?',
      'Me cobraron dos veces, ¿me devuelven el dinero?',
      'Quiero un reembolso',
    ],
    keywords: 'reembolso reembolsos reembolsar devolver devolucion devuelven dinero cobraron dos veces doble error equivocado mal',
  },
  language: {
    questions: [
      '¿Puedo usar el sitio en español?',
      '¿Hay una versión en español?',
      '¿Cómo cambio el idioma?',
      '¿Me pueden mandar los correos en español?',
    ],
    keywords: 'español espanol ingles english idioma idiomas lengua cambiar traducir traduccion sitio pagina paginas leer',
  },
  'home-screen-app': {
    questions: [
      '¿Tienen una aplicación?',
      '¿Puedo poner TechHelp en mi teléfono como una aplicación?',
      '¿Cómo pongo el sitio en la pantalla de inicio?',
      '¿Hay app para el celular?',
    ],
    keywords: 'aplicacion app apps pantalla inicio icono acceso directo celular telefono iphone android ipad tableta tienda safari chrome',
  },
  'past-visits': {
    questions: [
      '¿Dónde veo mis visitas anteriores?',
      '¿Cómo veo el historial de mis citas?',
      '¿Dónde están mis citas viejas?',
      '¿Puedo ver qué se hizo en mi última visita?',
    ],
    keywords:
      'anterior anteriores pasada pasadas vieja viejas antigua historial registro visitas citas hizo hicieron ultima lista desaparecio',
  },
  'my-data': {
    questions: ['¿Puedo descargar mis datos?', '¿Qué información guardan de mí?', '¿Cómo consigo una copia de mi información?'],
    keywords: 'datos descargar bajar copia informacion personal privacidad guardan guardar tienen archivo detalles',
  },
  'delete-account': {
    questions: ['¿Cómo elimino mi cuenta?', '¿Pueden borrar mi información?', 'Quiero cerrar mi cuenta', '¿Cómo borro mis datos?'],
    keywords: 'eliminar elimino borrar borro quitar cerrar cierro cuenta informacion olvidar',
  },
  'visit-length': {
    questions: [
      '¿Cuánto dura una visita?',
      '¿Cuánto tiempo se queda el técnico?',
      '¿Cuánto dura la cita?',
      '¿Cuánto tiempo toma cada visita?',
    ],
    keywords: 'dura duran duracion tiempo toma tarda queda minutos turno cada largo',
  },
  'last-slot': {
    questions: [
      '¿Cuál es la última cita del día?',
      '¿A qué hora es su última cita?',
      '¿A qué hora es la primera cita?',
      '¿Cuál es el último turno?',
    ],
    keywords: 'ultima ultimo ultimas final tarde noche termina primera primero temprano turno cita hora empieza',
  },
  'problem:printer': {
    questions: [
      'Mi impresora no imprime',
      'Mi impresora dejó de funcionar después de una actualización',
      '¿Pueden arreglar mi impresora?',
      'La impresora dice que está desconectada',
    ],
    keywords:
      'impresora impresoras imprimir imprime imprima escaner escanear desconectada offline controlador driver tinta papel atascado cola actualizacion actualizo desde hp canon epson brother',
  },
  'problem:wifi': {
    questions: [
      'Mi Wi-Fi se corta a cada rato',
      'No me funciona el internet',
      'El Wi-Fi llega débil a una parte de la casa',
      '¿Me pueden instalar el router nuevo?',
    ],
    keywords: 'wifi wi-fi inalambrico internet router modem red señal conexion conectar desconecta corta cae debil lento funciona',
  },
  'problem:email': {
    questions: [
      'No puedo entrar a mi correo',
      'Mi correo dejó de funcionar',
      '¿Me pueden poner el correo en mi computadora nueva?',
      'Se me bloqueó el Gmail',
    ],
    keywords: 'correo correos email e-mail gmail outlook yahoo aol hotmail bandeja enviar recibir llegan bloqueado bloqueada entrar',
  },
  'problem:phone-tablet': {
    questions: [
      '¿Me ayudan con mi iPhone?',
      '¿Ayudan con tabletas?',
      '¿Me pueden configurar mi celular nuevo?',
      '¿Me pueden instalar la app de mi banco en el teléfono?',
    ],
    keywords: 'celular celulares telefono telefonos movil iphone android samsung ipad tableta tabletas kindle configurar banco',
  },
  'problem:slow-computer': {
    questions: [
      'Mi computadora está muy lenta',
      'Mi laptop tarda mucho en prender',
      '¿Por qué mi computadora está tan lenta?',
      'Mi computadora se congela',
    ],
    keywords:
      'lenta lento lentisima velocidad rapida tarda mucho congela congelada trabada pegada prender arrancar vieja computadora compu laptop pc lleno espacio',
  },
  'problem:backup': {
    questions: [
      '¿Cómo hago una copia de mis fotos?',
      '¿Me pueden configurar las copias de seguridad?',
      'Tengo miedo de perder mis fotos',
      '¿Cómo guardo mis archivos?',
    ],
    keywords:
      'copia copias seguridad respaldo respaldos backup guardar perder perdi fotos archivos documentos nube icloud onedrive google drive disco externo',
  },
  'problem:video-calls': {
    questions: [
      '¿Me ayudan con Zoom?',
      '¿Cómo hago FaceTime con mis nietos?',
      'Mi cámara no funciona en las videollamadas',
      '¿Me pueden configurar las videollamadas con mi familia?',
    ],
    keywords:
      'video videollamada videollamadas zoom facetime whatsapp skype meet camara microfono sonido audio oir ver nietos familia doctor medico',
  },
  'problem:virus-popups': {
    questions: [
      'Creo que mi computadora tiene un virus',
      'Me salen ventanas emergentes en la computadora',
      '¿Pueden quitar un virus?',
      'Mi navegador muestra anuncios por todos lados',
    ],
    keywords:
      'virus malware infectada infectado infeccion ventana ventanas emergentes anuncios publicidad navegador pagina inicio barra antivirus limpiar quitar',
  },
  'service:Computer troubleshooting': {
    questions: [serviceTitle('Computer troubleshooting')],
    keywords:
      'lenta lento lentisima congelada congelado trabada trabado pegada error errores programa programas actualizacion actualizaciones impresora escaner computadora compu laptop pc mac falla',
  },
  'service:Internet and Wi-Fi': {
    questions: [serviceTitle('Internet and Wi-Fi')],
    keywords: 'wifi wi-fi inalambrico internet router modem red conectar conexion señal impresora televisor tele tableta telefono celular',
  },
  'service:E-mail, accounts and passwords': {
    questions: [serviceTitle('E-mail, accounts and passwords')],
    keywords:
      'correo email e-mail outlook gmail bloqueada bloqueado cuenta cuentas contraseña contraseñas administrador recuperar entrar abre abrir',
  },
  'service:Security checkups': {
    questions: [serviceTitle('Security checkups')],
    keywords: 'virus ventanas emergentes anuncios seguridad revision chequeo estafa banco banca',
  },
  'service:New devices and backups': {
    questions: [serviceTitle('New devices and backups')],
    keywords:
      'nueva nuevo computadora telefono celular pasar transferir archivos fotos contactos copia copias respaldo respaldos backup configurar',
  },
  'service:Small business and home office': {
    questions: [serviceTitle('Small business and home office')],
    keywords: 'negocio empresa oficina microsoft 365 google workspace impresora compartida',
  },
  'security:strong-password': {
    questions: [lessonTitle('strong-password')],
    keywords:
      'contraseña contraseñas clave claves password frase fuerte buena crear elegir inventar repetir administrador verificacion dos pasos hackearon hackeo robaron',
  },
  'security:antivirus': {
    questions: [lessonTitle('antivirus')],
    keywords:
      'antivirus virus malware infectada infectado infeccion defender norton mcafee ventana aviso alerta mensaje salio aparecio llamar numero escanear proteccion',
  },
  'security:phishing': {
    questions: [lessonTitle('phishing')],
    keywords:
      'phishing estafa estafas estafador fraude falso falsa sospechoso raro rara extraño correo mensaje texto enlace link adjunto clic banco cuenta bloqueada suspendida verificar irs medicare tarjeta regalo urgente llamada',
  },
  'security:windows-firewall': {
    questions: [lessonTitle('windows-firewall')],
    keywords: 'firewall cortafuegos red proteccion bloqueado bloquear apagar desactivar quitar windows seguridad configuracion',
  },
};

/** The Spanish knowledge base for the owner's current rules: the English entries, said in Spanish, asked in Spanish. */
export function buildKnowledgeEs(support: SupportContact, rules: BookingRules): KnowledgeEntry[] {
  return knowledgeIn('es', support, rules, RETRIEVAL_ES);
}
