import { english } from '../../../shared/english.ts';
import type { Locale } from '../../../shared/locale.ts';
import { BUSINESS_NAME } from '../../../shared/site.ts';
import type { SupportContact } from './knowledge.ts';
import { said, say } from './said.ts';

/**
 * The assistant's safety rule (issue 41): a customer asking about an unexpected call, pop-up, e-mail or text that
 * claims to be Microsoft, Apple, a bank, the IRS, Amazon or "tech support", or that asks for remote access,
 * passwords, codes, gift cards or payment, is told first that it is very likely a scam and how to reach us at our
 * real number. Nobody who contacted the customer is ever confirmed as us: TechHelp's own remote sessions start
 * only from a visit the customer booked.
 */

/** A question read for these rules: lower case, without accents or apostrophes, single spaces. */
function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9$]+/g, ' ')
    .trim();
}

const words = (list: string) =>
  list
    .trim()
    .split(/\s*\|\s*/)
    .join('|');

/** Someone reached the customer: a call, a voice mail, a pop-up or a message on the screen, an e-mail, a text. */
const CONTACTED = new RegExp(
  `\\b(${words(`
    called | calls me | calling me | keeps calling | they call | they text | they e ?mail | call from | phone call | phoned | rang |
    voicemail | voice mail | left a message | got a call | on the phone | over the phone | is asking me | are asking me | asked me to |
    pop ?ups? | popped up | pop up window | screen (says|said|shows|showed) | message on (my|the) (screen|computer|laptop|phone|tablet) |
    (got|received) an? (invoice|bill|receipt|renewal notice) |
    emailed | e ?mail (from|saying|says|that says) | got an e ?mail | sent me | texted | text (from|saying|says) | got a text |
    someone (says|said|claims|claimed|called|contacted) | a (man|woman|guy|lady|person) | they (said|say|claim|claimed|told|want|wanted|asked) |
    claiming | claims to be | says (its|it is|they are|hes|shes) | said (its|it was|they were|he was|she was) | contacted me | reached out |
    llamo | llamaron | llamada | me llamo | me llaman | me marco | me marcaron | buzon de voz | dejaron un mensaje |
    ventana | ventanita | emergente | mensaje en (la|mi) pantalla | la pantalla (dice|decia|dijo|muestra) | alerta | aviso |
    correo (de|diciendo|que dice) | me escribieron | me enviaron | me mandaron | mensaje de texto | un texto | me textearon |
    alguien (dice|dijo|me) | un (senor|hombre|tipo|tecnico) | una (senora|mujer|muchacha) | dicen (ser|que son) | dijo (ser|que era) | diciendo que |
    me dijo | me dijeron | me pidio | me pidieron | me pide | me piden | por telefono | en el telefono | me llego una factura |
    dice ser | se hacen pasar | me contactaron
  `)})\\b`,
);

/** Whom a scammer claims to be. */
const CLAIMED = new RegExp(
  `\\b(${words(`
    microsoft | windows | apple | icloud | amazon | irs | internal revenue | social security | medicare | bank | banco | chase |
    wells fargo | citi | bank of america | paypal | venmo | zelle | geek squad | best buy | norton | mcafee | comcast |
    xfinity | verizon | optimum | spectrum | att | police | policia | fbi | tech support | technical support | support team |
    help desk | soporte tecnico | soporte | servicio tecnico | techhelp | tech help | you guys | your company | ustedes | su empresa
  `)})\\b`,
);

/** What a scammer asks for. */
const ASKS_FOR = new RegExp(
  `\\b(${words(`
    remote access | remote control | access to my (computer|pc|laptop|phone|account) | take control | control my | connect to my |
    remote | anydesk | teamviewer | ultraviewer | logmein | supremo | quick assist | install (an app|a program|software) |
    verify (my|your|the) (card|account|identity|payment|information|details) |
    password | passwords | passcode | pin | code | codes | verification code | one time code |
    gift cards? | itunes | google play card | apple card | steam card | bitcoin | crypto | wire | western union | moneygram |
    pay | payment | refund | fee to fix | credit card | card number | bank account | social security number |
    acceso remoto | acceso a mi | controlar mi | tomar el control | conectarse a mi | instalar |
    contrasena | contrasenas | clave | claves | codigo | codigos | tarjetas? de regalo | pagar | pago | reembolso | tarjeta de credito |
    cuenta de banco | cuenta bancaria | numero de seguro social
  `)})\\b`,
);

/** Scareware's own words: the screen says the computer is infected or locked, and gives a number to call. */
const SCARE = new RegExp(
  `\\b(${words(`
    virus detected | infected | hacked | locked | blocked | suspended | compromised | call (this|the) number | call immediately |
    will be deleted | will be erased | loud beep(ing)? | gives a (phone )?number | a number to call | never ordered | did not order | didnt order |
    dont recognize | did not buy | didnt buy | never bought |
    do not (shut|turn) off | dont (shut|turn) off | your computer (has|is) | unusual activity | suspicious activity |
    virus detectado | infectad[ao] | hackead[ao] | bloquead[ao] | suspendid[ao] | llame (a este|al) numero | llame inmediatamente |
    no apague | actividad sospechosa | se borraran | nunca (pedi|ordene|compre) | no (pedi|ordene|compre)
  `)})\\b`,
);

/** "Is that you?": whether someone who contacted the customer was us. */
const WAS_IT_US = new RegExp(
  `\\b(${words(`
    (is|was|were) (that|this|it) (you|yours|really you|techhelp|tech help|your company|from you) | (is|was) (he|she|they) (from )?(you|yours|techhelp) |
    did (you|techhelp|your company) (call|text|email|e mail|contact|send|message) | are (you|they) (the ones|the same) |
    (are|were) (they|those people|these people) (from )?(you|techhelp|your company) | (is|was) this (call|email|text|message) from you |
    do you (call|text|email|e mail) (people|customers) | (is|was) (that|it|this) (legit|real|legitimate|safe|ok to) |
    (son|eran|fueron) ustedes | (es|era|fue) (usted|de ustedes|su empresa) | ustedes (me llamaron|llamaron|me escribieron|me mandaron) |
    (es|era) (real|legitimo|verdad|seguro) | son de techhelp | (es|era) techhelp
  `)})\\b`,
);

/** "Did you call me?": asks, in itself, whether a contact the customer did not expect was us. */
const DID_YOU_CONTACT = new RegExp(
  `\\b(${words(`
    did (you|techhelp|tech help|your company|someone from (you|techhelp|your company)) (just )?(call|text|email|e mail|contact|message|phone|ring) |
    (was|is) (it|that|this) you (who|that) (called|texted|emailed|e mailed|contacted|messaged) |
    (ustedes|techhelp) me (llamaron|llamo|escribieron|mandaron|enviaron|textearon|contactaron) |
    (me llamaron|me escribieron|me mandaron) ustedes
  `)})\\b`,
);

/**
 * The customer asks about a message of ours they expected (the code that confirms their number, a trusted contact's
 * invitation): not a scam question, unless it also asks for access, cards, passwords or payment.
 */
const OWN_MESSAGE = new RegExp(
  `\\b(${words(`
    6 digit code | six digit code | codigo de 6 digitos | codigo de seis digitos | ticked the box | marque la casilla |
    trusted contact | persona de confianza | invitation | inviting (her|him|me|them) | invitacion | invitandola | invitandolo
  `)})\\b`,
);
const DANGEROUS_ASK = new RegExp(
  `\\b(${words(`
    remote | access | anydesk | teamviewer | quick assist | gift cards? | credit card | card number | password | bank | pay | payment |
    acceso | remoto | tarjetas? de regalo | tarjeta de credito | contrasena | clave | banco | pagar | pago
  `)})\\b`,
);

/** Someone asking the customer for something: never our own message, whatever it mentions (a code we texted included). */
const SOMEONE_ASKS =
  /\b(called|calling|call from|on the phone|asked (me|for)|asking (me|for)|wants (me|my|the)|told me to|me llamo|me llamaron|me pidio|me pidieron|me piden|me pide|quiere (que|mi|el))\b/;

const isAboutOurOwnMessage = (text: string) =>
  OWN_MESSAGE.test(text) && !DANGEROUS_ASK.test(text) && !SCARE.test(text) && !SOMEONE_ASKS.test(text);

/** "Is it really Microsoft when they call?": whether a caller is who they claim. */
const REALLY_THEM = /\b(is|was) (it|that|this|he|she|they) really\b|\b(es|era) (realmente|de verdad)\b/;

/** Whether the question is about someone who contacted the customer, or asks if such a contact was us. */
export function isScamQuestion(question: string, previousQuestion?: string): boolean {
  const text = plain(question);
  if (!text) return false;
  if (isAboutOurOwnMessage(text)) return false;
  if (REALLY_THEM.test(text) && CLAIMED.test(text)) return true;
  // "Amazon says … and wants me to verify my card": a brand, a message, and a request.
  if (CLAIMED.test(text) && /\b(says|said|wants me|asks me|asking me|told me|dice|quiere que|me pide)\b/.test(text) && ASKS_FOR.test(text))
    return true;
  const contacted = CONTACTED.test(text);
  if (DID_YOU_CONTACT.test(text)) return true;
  if (WAS_IT_US.test(text) && (contacted || CLAIMED.test(text) || ASKS_FOR.test(text) || SCARE.test(text))) return true;
  // "Was that you?" after a question that told of such a contact.
  if (WAS_IT_US.test(text) && previousQuestion !== undefined && isScamQuestion(previousQuestion)) return true;
  if (contacted && (CLAIMED.test(text) || SCARE.test(text))) return true;
  if (contacted && ASKS_FOR.test(text) && !/\b(you|your|techhelp|ustedes|su)\b.*\b(accept|take|aceptan|toman)\b/.test(text)) return true;
  return SCARE.test(text) && /\b(pop ?ups?|screen|window|pantalla|ventana|emergente|number|numero)\b/.test(text);
}

/**
 * The safety answer, in the customer's language, with the business's real number: written once, in English; its
 * Spanish is in src/server/locales/es.po.
 */
export function safetyAnswer(language: Locale, support: SupportContact): string {
  return say(
    said(
      english(
        'This is very likely a scam. It was not us. Hang up, or close the message (if a pop-up will not close, turn the computer off and on again). Do not give anyone access to your computer, passwords or codes, and do not pay anything, above all not with gift cards. {business} never asks by phone, e-mail or text for access to your computer, passwords, codes or gift cards, and never shows pop-ups on your screen: we connect to your computer only during a visit you booked yourself, at the time you booked, and we always tell you our name first. If you are not sure, or if you already let someone in or paid, call {business} at {phone}, the number on our website, and tell your bank.',
      ),
      { business: BUSINESS_NAME, phone: support.phone },
    ),
    language,
  );
}

/** The safety answer when the question calls for it; undefined otherwise. */
export function scamAnswer(question: string, language: Locale, support: SupportContact, previousQuestion?: string): string | undefined {
  return isScamQuestion(question, previousQuestion) ? safetyAnswer(language, support) : undefined;
}

/** An answer that begins with a yes ("Yes.", "Yeah", "Sí."). */
const STARTS_WITH_YES = /^\W*(yes|yeah|yep|sure|correct|that was us|si|claro|correcto)\b/i;

/**
 * The last check on any model's answer: to a question asking whether someone was us, an answer that starts with a
 * yes (or one to a scam question that lacks the warning) is replaced by the safety answer.
 */
export function safeAnswer(question: string, answer: string, language: Locale, support: SupportContact, previousQuestion?: string): string {
  const text = plain(question);
  const asksIfUs = WAS_IT_US.test(text) && !isAboutOurOwnMessage(text);
  if ((asksIfUs && STARTS_WITH_YES.test(plain(answer))) || isScamQuestion(question, previousQuestion)) {
    return safetyAnswer(language, support);
  }
  return answer;
}
