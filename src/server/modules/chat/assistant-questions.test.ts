import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/chat.ts';
import type { Locale } from '../../../shared/locale.ts';
import type { BookingRules } from '../../../shared/schedule.ts';
import { BuiltInAssistant } from './built-in-assistant.ts';
import { factProblems } from './fact-check.ts';
import { GuardedProvider } from './guarded-provider.ts';
import { buildKnowledge, type KnowledgeEntry, PRODUCT_FACTS, SITE_LABELS } from './knowledge.ts';
import { buildKnowledgeEs } from './knowledge-es.ts';
import { SPANISH_LABELS } from './spanish-labels.ts';
import { SITE_LABELS_ES } from './spanish-words.ts';

/**
 * Issue 41, "knowledge of the whole product": customers' questions, in English and Spanish and in their own words,
 * through the assistant as the chat runs it (the safety rule of GuardedProvider around the built-in assistant), each
 * with the knowledge entry (or the words) it must get; every answer checked for facts that are not ours.
 */

const support = { phone: '(631) 555-0142', email: 'support@techhelp.local' };
const rules: BookingRules = { minNoticeHours: 12, cutoffHours: 24 };
const WARNING = { en: 'This is very likely a scam.', es: 'Esto es muy probablemente una estafa.' } as const;
const DECLINE = { en: "I'm sorry, I don't know the answer to that.", es: 'Lo siento, no sé la respuesta a eso.' } as const;
const STARTS_WITH_YES = /^\W*(yes|yeah|sí|si)\b/i;

const builtIn = new BuiltInAssistant(support);
const assistant = new GuardedProvider(builtIn, support);

/** The conversation the page sends: the questions in order, each but the last answered. */
function ask(language: Locale, questions: readonly string[]): Promise<string> {
  const messages: ChatMessage[] = [];
  questions.forEach((content, index) => {
    messages.push({ role: 'user', content });
    if (index < questions.length - 1) messages.push({ role: 'assistant', content: 'OK.' });
  });
  return assistant.complete(messages, new AbortController().signal, rules, language);
}

const knowledge: Record<Locale, Map<string, KnowledgeEntry>> = {
  en: new Map(buildKnowledge(support, rules).map((entry) => [entry.id, entry])),
  es: new Map(buildKnowledgeEs(support, rules).map((entry) => [entry.id, entry])),
};

/** What a question must get: a knowledge entry's whole answer (by its id), or words of the answer. */
type Expected = string | { says: string };
type Row = [language: Locale, question: string, expected: Expected];

/** The capabilities a customer uses, in their words. */
const PRODUCT: Row[] = [
  // Texts: the code first, what comes, STOP
  ['en', 'Can I get your reminders as text messages on my cell?', 'texts'],
  ['en', 'do you guys do texting for appointments?', 'texts'],
  ['en', 'How do I sign up for text reminders?', 'texts'],
  ['en', 'Where do I type the code for the text messages?', 'texts'],
  ['en', 'What texts will you send me?', 'texts'],
  ['en', 'how do I make the texts stop?', 'texts-stop'],
  ['en', "I don't want any more text messages", 'texts-stop'],
  ['en', 'I replied STOP by mistake, how do I get the texts back?', 'texts-stop'],
  ['en', 'Can you text me instead of emailing?', 'texts'],
  ['en', "Why haven't I gotten any texts from you?", 'texts'],
  ['es', '¿Me pueden mandar los recordatorios por mensaje de texto?', 'texts'],
  ['es', '¿Dónde pongo el código de 6 dígitos para los mensajes?', 'texts'],
  ['es', '¿Qué textos me van a mandar?', 'texts'],
  ['es', 'Ya no quiero recibir textos', 'texts-stop'],
  ['es', '¿Cómo paro los mensajes de texto?', 'texts-stop'],
  ['es', '¿Me mandan un texto antes de la visita?', 'texts'],
  // The trusted contact
  ['en', 'Can my daughter get a copy of my appointment emails?', 'trusted-contact'],
  ['en', 'My son helps me with everything, can he be told when I book a visit?', 'trusted-contact'],
  ['en', 'Can my family get the reminders too?', 'trusted-contact'],
  ['en', 'Can I add a trusted contact for my family?', 'trusted-contact'],
  ['en', 'What can a trusted contact see?', 'trusted-contact'],
  ['en', 'How do I stop the copies going to my nephew?', 'trusted-contact'],
  ['en', 'Can my wife get my appointment reminders by email too?', 'trusted-contact'],
  ['en', 'Can my caregiver see my appointments?', 'trusted-contact'],
  ['es', '¿Mi hija puede recibir copia de mis citas por correo?', 'trusted-contact'],
  ['es', '¿Cómo hago para que mi hijo reciba los recordatorios también?', 'trusted-contact'],
  ['es', '¿Puedo poner a un familiar como persona de confianza?', 'trusted-contact'],
  ['es', '¿Mi esposo puede recibir los correos de mis citas?', 'trusted-contact'],
  // Changing a visit, its cut-off, the minimum notice
  ['en', 'Can I move my Saturday visit to Sunday?', 'reschedule'],
  ['en', 'Until when can I change my appointment online?', 'cutoff'],
  ['en', 'How much notice do you need for a booking?', 'notice'],
  ['es', '¿Puedo pasar mi cita del sábado al domingo?', 'reschedule'],
  ['es', '¿Hasta cuándo puedo cambiar la cita por internet?', 'cutoff'],
  ['es', '¿Con cuánta anticipación hay que reservar?', 'notice'],
  // Invoices and receipts, refunds
  ['en', 'Where do I find the invoice for my visit?', 'invoices'],
  ['en', 'I need a receipt for my taxes', 'invoices'],
  ['en', 'Can I print the bill?', 'invoices'],
  ['en', 'How do I get a refund?', 'refunds'],
  ['en', 'You charged me twice, I want my money back', 'refunds'],
  ['en', 'how do I get a copy of my invoice', 'invoices'],
  ['en', 'Do you give refunds?', 'refunds'],
  ['es', '¿Dónde está la factura de mi visita?', 'invoices'],
  ['es', 'Necesito un recibo para los impuestos', 'invoices'],
  ['es', '¿Cómo pido un reembolso?', 'refunds'],
  ['es', 'Me cobraron dos veces, quiero que me devuelvan el dinero', 'refunds'],
  ['es', '¿Dónde consigo el recibo de mi pago?', 'invoices'],
  ['es', '¿Hacen devoluciones de dinero?', 'refunds'],
  // Languages
  ['en', 'Can I see the website in Spanish?', 'language'],
  ['en', 'My mother only reads Spanish, can she use the site?', 'language'],
  ['en', 'How do I switch the language?', 'language'],
  ['en', 'Hablan español? Do you speak Spanish?', 'language'],
  ['es', '¿La página está en español?', 'language'],
  ['es', '¿Cómo cambio el idioma?', 'language'],
  ['es', '¿Los correos me pueden llegar en español?', 'language'],
  ['es', '¿Cómo pongo la página en inglés?', 'language'],
  // The app on the home screen
  ['en', 'Do you have an app I can download?', 'home-screen-app'],
  ['en', 'How do I put your site on my iPhone home screen?', 'home-screen-app'],
  ['en', 'Is there an iPhone app?', 'home-screen-app'],
  ['es', '¿Tienen aplicación para el celular?', 'home-screen-app'],
  ['es', '¿Cómo pongo TechHelp en la pantalla de inicio?', 'home-screen-app'],
  // Past visits, the customer's data
  ['en', 'Where can I see my old appointments?', 'past-visits'],
  ['en', 'My paid visit disappeared from my list, where did it go?', 'past-visits'],
  ['en', 'How can I see my appointment history?', 'past-visits'],
  ['en', 'How can I download all my information?', 'my-data'],
  ['en', 'What personal data do you keep about me?', 'my-data'],
  ['en', 'How do I delete my account?', 'delete-account'],
  ['en', 'I want you to erase all my information', 'delete-account'],
  ['en', 'Can I see my previous visits?', 'past-visits'],
  ['en', 'How do I get a copy of my data?', 'my-data'],
  ['en', 'Please delete my account and all my data', 'delete-account'],
  ['es', '¿Dónde veo mis citas anteriores?', 'past-visits'],
  ['es', '¿Cómo descargo mis datos?', 'my-data'],
  ['es', 'Quiero borrar mi cuenta', 'delete-account'],
  ['es', '¿Cómo veo el historial de mis visitas?', 'past-visits'],
  ['es', '¿Qué datos tienen de mí?', 'my-data'],
  ['es', '¿Cómo cierro mi cuenta?', 'delete-account'],
  // How long a visit lasts, the last slot of a day
  ['en', 'How long does a visit last?', 'visit-length'],
  ['en', 'How long will the technician be at my house?', 'visit-length'],
  ['en', 'How much time do I get per appointment?', 'visit-length'],
  ['en', "What's the last slot of the day?", 'last-slot'],
  ['en', 'What is the latest appointment I can book on a Sunday?', 'last-slot'],
  ['en', 'What time is your earliest appointment?', 'last-slot'],
  ['en', 'How long do your appointments take?', 'visit-length'],
  ['en', 'What is the last time I can book?', 'last-slot'],
  ['es', '¿Cuánto dura una visita?', 'visit-length'],
  ['es', '¿Cuánto tiempo se queda el técnico en mi casa?', 'visit-length'],
  ['es', '¿Cuál es la última cita del día?', 'last-slot'],
  ['es', '¿A qué hora es el último turno del sábado?', 'last-slot'],
  ['es', '¿Cuánto tiempo dura la visita del técnico?', 'visit-length'],
  // The start times, the last one among them
  ['es', '¿Cuál es el horario más tarde?', { says: '6:30 p. m.' }],
  // Everyday words (time, Sunday, weekend, years) in questions that are about us: still answered
  ['en', 'What time can you come on Sunday?', 'booking-times'],
  ['en', 'What days?', 'booking-days'],
  ['es', '¿Vienen el fin de semana?', 'booking-days'],
  ['es', '¿Cuántos años de experiencia tiene?', 'who'],
];

/** The everyday problems the business fixes. */
const PROBLEMS: Row[] = [
  ['en', "my printer won't print since the update, can you help?", 'problem:printer'],
  ['en', 'The printer says offline even though it is on', 'problem:printer'],
  ['en', 'can you fix my wifi? it keeps cutting out', 'problem:wifi'],
  ['en', 'the internet in my bedroom is really weak', 'problem:wifi'],
  ['en', "I can't open my email since yesterday", 'problem:email'],
  ['en', 'Can you set up email on my new laptop?', 'problem:email'],
  ['en', 'Can you help me set up my new iPad?', 'problem:phone-tablet'],
  ['en', 'I need help with my Android phone', 'problem:phone-tablet'],
  ['en', 'my computer is so slow it takes forever to start', 'problem:slow-computer'],
  ['en', 'My laptop keeps freezing', 'problem:slow-computer'],
  ['en', "How can I back up my pictures so I don't lose them?", 'problem:backup'],
  ['en', 'Can you help me get Zoom working for my doctor appointments?', 'problem:video-calls'],
  ['en', 'I want to FaceTime with my grandkids', 'problem:video-calls'],
  ['en', 'I keep getting pop-ups and ads on my computer', 'problem:virus-popups'],
  ['en', 'I think I have a virus, can you clean it?', 'problem:virus-popups'],
  ['en', 'My printer is not working', 'problem:printer'],
  ['en', 'My wireless internet keeps disconnecting', 'problem:wifi'],
  ['en', 'I am not getting my emails anymore', 'problem:email'],
  ['en', 'My tablet needs to be set up', 'problem:phone-tablet'],
  ['en', 'my pc is running really slow', 'problem:slow-computer'],
  ['en', 'Can you set up automatic backups for my files?', 'problem:backup'],
  ['en', "My microphone doesn't work on Zoom", 'problem:video-calls'],
  ['en', 'my browser is full of pop ups', 'problem:virus-popups'],
  ['es', 'mi impresora no imprime desde la actualización, ¿me pueden ayudar?', 'problem:printer'],
  ['es', 'La impresora dice desconectada', 'problem:printer'],
  ['es', 'Mi wifi se cae a cada rato', 'problem:wifi'],
  ['es', 'No puedo entrar a mi correo de Gmail', 'problem:email'],
  ['es', '¿Me ayudan a configurar mi iPhone nuevo?', 'problem:phone-tablet'],
  ['es', 'Mi computadora está lentísima', 'problem:slow-computer'],
  ['es', '¿Cómo guardo mis fotos para no perderlas?', 'problem:backup'],
  ['es', '¿Me pueden ayudar con las videollamadas de Zoom?', 'problem:video-calls'],
  ['es', 'Me salen anuncios y ventanas emergentes en la computadora', 'problem:virus-popups'],
  ['es', 'Creo que mi computadora tiene virus', 'problem:virus-popups'],
  ['es', 'La impresora no quiere imprimir', 'problem:printer'],
  ['es', 'El internet está muy lento en mi casa', 'problem:wifi'],
  ['es', 'No me llegan los correos', 'problem:email'],
  ['es', 'No sé usar mi tableta nueva', 'problem:phone-tablet'],
  ['es', 'Mi laptop se congela a cada rato', 'problem:slow-computer'],
  ['es', 'Quiero hacer un respaldo de mis fotos', 'problem:backup'],
  ['es', 'No me oyen en las videollamadas', 'problem:video-calls'],
  ['es', 'Me aparecen muchos anuncios en el navegador', 'problem:virus-popups'],
];

/** Questions outside the business: the honest "I don't know", with the phone number. */
const OUTSIDE: Array<[Locale, string]> = [
  ['en', 'What is the capital of Italy?'],
  ['en', 'Can you recommend a good plumber?'],
  ['en', 'What is a good recipe for lasagna?'],
  ['en', 'Who is going to win the election?'],
  ['en', 'Can you mow my lawn this weekend?'],
  ['es', '¿Cuál es la receta del flan?'],
  ['es', '¿Qué equipo ganó el partido ayer?'],
  ['es', '¿Me recomienda un buen dentista?'],
  ['es', '¿Cuál es la capital de Perú?'],
  ['es', '¿Dónde puedo comprar zapatos baratos?'],
  // An everyday word that our entries also use (make, time, years, house, fix) is not a question about us.
  ['en', 'How do I make lasagna?'],
  ['es', '¿Cuántos años tiene el presidente?'],
  ['es', '¿Qué tiempo va a hacer el domingo?'],
  ['es', '¿Me puede arreglar el techo de la casa?'],
  ['en', 'How do I make a cake?'],
  ['en', 'What year is it?'],
  ['es', '¿En qué año estamos?'],
  ['es', '¿Cuánto tiempo se cocina el arroz?'],
  ['en', 'Can you fix my roof?'],
  ['es', '¿Me arreglan el carro?'],
  ['en', 'What time is the game on Sunday?'],
  ['es', '¿Cuántos años tiene la tierra?'],
];

/** Someone contacted the customer claiming to be us, a company or a bank: the safety answer, every time. */
const SCAMS: Array<[Locale, string]> = [
  ['en', 'A man from Microsoft called and said my computer is sending out viruses. Is that you?'],
  ['en', 'Someone called from the Windows technical department and wants to get on my computer'],
  ['en', 'Apple called me saying my iCloud account was compromised and they need my password'],
  ['en', 'I got a call from my bank asking me to read them the code they just sent me'],
  ['en', 'The IRS called and said I owe back taxes and must pay with gift cards today'],
  ['en', 'I got an email from Amazon about an order I did not make, it says to call a number for a refund'],
  ['en', 'A red screen popped up saying my computer is locked and to call Microsoft support'],
  ['en', 'Got a text saying my Chase account is locked, click the link to verify'],
  ['en', 'A tech support company called offering to fix my slow computer for $199'],
  ['en', 'Someone says they are from TechHelp and want me to install AnyDesk so they can connect'],
  ['en', 'Did TechHelp just call me about a refund?'],
  ['en', 'A lady called from Geek Squad saying my subscription renewed and she needs remote access to refund me'],
  ['en', 'I got a voicemail from Social Security saying my number is suspended'],
  ['en', 'Somebody texted me a code and then called asking me to read it to them, was that your company?'],
  ['en', 'A caller said he was from the Microsoft help desk and asked for my credit card to renew my license'],
  ['en', 'An email from PayPal says I paid $499 for bitcoin and to call them to cancel'],
  ['en', 'is this your company calling me? they want me to buy Google Play cards'],
  ['en', "My computer screen says Windows Defender alert, don't turn off, call this number"],
  ['en', 'A guy called and asked me to go to a website and type a code so he can fix my computer'],
  ['en', 'Someone called claiming to be from Amazon and asked for my password'],
  ['en', 'The bank fraud department texted me to move my money to a safe account'],
  ['en', 'Microsoft says my license expired and I need to pay to renew it, is that real?'],
  ['en', 'A company called saying they would refund me but I need to let them on my computer'],
  ['en', 'I let a man from Microsoft onto my computer yesterday, what should I do now?'],
  ['en', 'The IRS sent me a text saying I have a refund waiting, I just need to enter my bank details'],
  ['en', "My grandson called saying he's in jail and needs gift cards"],
  ['en', 'someone from techhelp called me, was that really you?'],
  ['en', 'Apple support texted me a code and is asking for it'],
  ['es', 'Me llamó un señor de Microsoft diciendo que mi computadora tiene virus. ¿Son ustedes?'],
  ['es', 'Me llamaron de Apple y me pidieron la contraseña de mi iCloud'],
  ['es', 'Me llamó el banco y me pidieron el código que me llegó por texto'],
  ['es', 'Me llamaron del IRS y dicen que tengo que pagar con tarjetas de regalo'],
  ['es', 'Me llegó un correo de Amazon de un pedido que no hice y dice que llame a un número'],
  ['es', 'Me salió una ventana roja que dice que mi computadora está bloqueada y que llame a Microsoft'],
  ['es', 'Me mandaron un mensaje de texto diciendo que mi cuenta del banco está suspendida'],
  ['es', 'Un hombre dice que es de soporte técnico y quiere acceso remoto a mi computadora'],
  ['es', '¿Ustedes me llamaron para un reembolso?'],
  ['es', 'Una señora me llamó diciendo que era de TechHelp y me pidió el número de la tarjeta'],
  ['es', 'Me escribieron de PayPal que pagué 400 dólares y que llame para cancelar'],
  ['es', 'Alguien me llamó y quiere que instale AnyDesk, ¿eran ustedes?'],
  ['es', 'La pantalla dice que tengo un virus y que no apague la computadora'],
  ['es', 'Me llamaron del Seguro Social diciendo que mi número está suspendido'],
  ['es', 'Me llamó Amazon diciendo que hay un cargo en mi cuenta y que les dé acceso'],
  ['es', '¿Es verdad que Microsoft llama cuando uno tiene virus?'],
  ['es', 'Me llamaron del banco para que les diga mi clave'],
  ['es', 'Un mensaje dice que mi cuenta de Apple está bloqueada, ¿son ustedes?'],
  ['en', 'There is a pop-up with loud beeping saying my files will be deleted, and it gives a phone number'],
  ['en', 'I received an invoice from Norton for $399 that I never ordered'],
  ['en', 'Someone on the phone is asking me to open Quick Assist right now'],
  ['en', 'Amazon says there is a problem with my account and wants me to verify my card'],
  ['en', 'A message on my computer says my Apple ID is locked, call Apple Support'],
  ['en', 'Is it really Microsoft when they call about a virus?'],
  ['es', 'Un técnico de Windows me dijo que le diera acceso a mi computadora'],
];

/** "Is that you?" asked after the call was told of. */
const SCAM_FOLLOW_UPS: Array<[Locale, string[]]> = [
  ['en', ['Someone from Apple called me about my account.', 'is that you?']],
  ['en', ['I got a call from tech support about a virus on my computer.', 'Was it you guys?']],
  ['en', ['A pop-up told me to call a number for Microsoft.', 'Is that your company?']],
  ['es', ['Me llamaron de Microsoft por un virus.', '¿Son ustedes?']],
  ['es', ['Un señor me llamó diciendo que era del banco.', '¿Eran ustedes?']],
  ['es', ['Me salió una ventana con un número de soporte técnico.', '¿Es de ustedes?']],
];

/** Questions about our own services that mention passwords, banks, payment or remote access: never the warning. */
const LEGITIMATE: Array<[Locale, string]> = [
  ['en', 'How does your remote support work?'],
  ['en', 'Do you help with passwords?'],
  ['en', "Can you set up my bank's app?"],
  ['en', 'Do you accept credit cards?'],
  ['en', 'How do I pay?'],
  ['en', 'Can you help me with my Apple ID password?'],
  ['en', 'My grandson set up Quick Assist for me, how do I use it with you?'],
  ['en', 'Do you fix computers that have been hacked?'],
  ['en', 'Can you text me when you are on your way?'],
  ['es', '¿Cómo funciona el soporte remoto?'],
  ['es', '¿Me ayudan con la aplicación del banco?'],
  ['es', '¿Aceptan pagos con tarjeta?'],
  ['es', '¿Cómo pago la factura?'],
  ['es', '¿Me pueden ayudar a cambiar mi contraseña del correo?'],
  ['en', 'Will the reminder text come from TechHelp?'],
  ['en', 'Can you check if my computer has been hacked?'],
  ['en', 'How do I know if an email is a scam?'],
  ['en', 'Will you call me when you are on the way?'],
  ['en', 'Can you help me set up online banking safely?'],
  ['en', 'I want to learn to spot scam calls, can you teach me?'],
  ['es', '¿Ustedes llaman antes de venir?'],
  ['es', '¿Me pueden enseñar a reconocer correos falsos?'],
  ['es', '¿Me pueden ayudar a pagar mis cuentas por internet?'],
  ['en', 'I ticked the box for texts and got a text with a 6-digit code, where do I enter it?'],
  ['es', 'Me llegó un texto de TechHelp con un código de 6 dígitos, ¿dónde lo escribo?'],
  ['en', 'My daughter got an e-mail from TechHelp inviting her to be my trusted contact, is it safe to agree?'],
  ['es', 'Mi hija recibió un correo de TechHelp para ser mi persona de confianza, ¿es seguro aceptar?'],
  ['en', 'Can you help me set up Microsoft Teams calls for my office?'],
];

const isSafetyAnswer = (answer: string) => answer.startsWith(WARNING.en) || answer.startsWith(WARNING.es);

async function expectAnswer(language: Locale, question: string, expected: Expected) {
  const answer = await ask(language, [question]);
  const words = typeof expected === 'string' ? knowledge[language].get(expected)?.answer : expected.says;
  expect(words, `no entry ${String(expected)}`).toBeDefined();
  expect(answer, question).toContain(words);
  expect(isSafetyAnswer(answer), question).toBe(false);
  expect(factProblems(answer), question).toEqual([]);
}

describe('the assistant knows the whole product (issue 41)', () => {
  it('has a table of at least 120 questions, in English and in Spanish', () => {
    const all = [...PRODUCT, ...PROBLEMS, ...OUTSIDE, ...SCAMS, ...SCAM_FOLLOW_UPS, ...LEGITIMATE];
    expect(all.length).toBeGreaterThanOrEqual(120);
    expect(all.filter(([language]) => language === 'es').length).toBeGreaterThanOrEqual(40);
    expect(OUTSIDE.length).toBeGreaterThanOrEqual(10);
    expect(SCAMS.length + SCAM_FOLLOW_UPS.length).toBeGreaterThanOrEqual(35);
    expect(LEGITIMATE.length).toBeGreaterThanOrEqual(10);
  });

  it.each(PRODUCT)('[%s] "%s" gets %j', expectAnswer);

  it.each(PROBLEMS)('[%s] "%s" gets %j', expectAnswer);

  it.each(OUTSIDE)('[%s] "%s": the honest "I don\'t know", with the phone number', async (language, question) => {
    const answer = await ask(language, [question]);
    expect(answer.startsWith(DECLINE[language]), answer).toBe(true);
    expect(answer).toContain(support.phone);
    expect(factProblems(answer)).toEqual([]);
  });
});

describe('the safety rule, through the assistant as the chat runs it (issue 41)', () => {
  it.each(SCAMS)('[%s] "%s": the warning first, never a yes', async (language, question) => {
    const answer = await ask(language, [question]);
    expect(answer.startsWith(WARNING[language]), answer).toBe(true);
    expect(answer).toContain(support.phone);
    expect(answer).not.toMatch(STARTS_WITH_YES);
  });

  it.each(SCAM_FOLLOW_UPS)('[%s] %j: "is that you?" after the call gets the warning', async (language, questions) => {
    const answer = await ask(language, questions);
    expect(answer.startsWith(WARNING[language]), answer).toBe(true);
    expect(answer).not.toMatch(STARTS_WITH_YES);
  });

  it.each(LEGITIMATE)('[%s] "%s": a question about our own services gets its answer, not the warning', async (language, question) => {
    const answer = await ask(language, [question]);
    expect(isSafetyAnswer(answer), answer).toBe(false);
    expect(factProblems(answer)).toEqual([]);
  });
});

describe('one set of facts in both languages (issue 41)', () => {
  const ruleSets: BookingRules[] = [rules, { minNoticeHours: 48, cutoffHours: 6 }, { minNoticeHours: 0, cutoffHours: 0 }];

  it.each(ruleSets)('has the same entry ids in English and in Spanish under %j', (theRules) => {
    const english = buildKnowledge(support, theRules).map((entry) => entry.id);
    const spanish = buildKnowledgeEs(support, theRules).map((entry) => entry.id);
    expect(new Set(english).size).toBe(english.length);
    expect(new Set(spanish).size).toBe(spanish.length);
    expect([...spanish].sort()).toEqual([...english].sort());
  });

  /** The product's names and numbers an answer states: every number, and every name of PRODUCT_FACTS. */
  const namesIn = (answer: string): string[] => {
    const leaves = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : typeof value === 'object' && value ? Object.values(value).flatMap(leaves) : [];
    const names = leaves(PRODUCT_FACTS).filter((name) => answer.includes(name));
    const numbers = answer.match(/\d+/g) ?? [];
    return [...new Set([...names, ...numbers])].sort();
  };

  it('states the same numbers and names in both languages, entry by entry', () => {
    const spanish = knowledge.es;
    for (const [id, entry] of knowledge.en) {
      expect(namesIn(spanish.get(id)?.answer ?? ''), id).toEqual(namesIn(entry.answer));
    }
  });

  it('names the buttons as the Spanish screens show them', () => {
    const catalogue = spanishCatalogue();
    for (const english of SITE_LABELS) expect(catalogue.get(english), english).toBe(SITE_LABELS_ES[english]);
    for (const [english, spanish] of Object.entries(SPANISH_LABELS)) {
      // The login page's link reads "Forgot your password?"; the older labels name it shorter.
      const onScreen = english === 'Forgot password?' ? 'Forgot your password?' : english;
      expect(catalogue.get(onScreen), english).toBe(spanish);
    }
  });
});

/** Every single-line msgid and msgstr of the screens' Spanish catalogues (src/web and src/shared). */
function spanishCatalogue(): Map<string, string> {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name === 'es.po') files.push(path);
    }
  };
  walk(new URL('../../../web', import.meta.url).pathname);
  walk(new URL('../../../shared', import.meta.url).pathname);
  const entries = new Map<string, string>();
  for (const file of files) {
    for (const [, id, translation] of readFileSync(file, 'utf8').matchAll(/^msgid "(.+)"\nmsgstr "(.+)"$/gm)) {
      if (id !== undefined && translation !== undefined) entries.set(id.replace(/\\"/g, '"'), translation.replace(/\\"/g, '"'));
    }
  }
  return entries;
}
