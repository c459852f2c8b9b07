import { PASSWORD_MIN_LENGTH } from '../../../shared/account.ts';
import { MAX_OPEN_APPOINTMENTS, REMOTE_SUPPORT_TOOLS, TECHNICIAN_BIO } from '../../../shared/business.ts';
import { english } from '../../../shared/english.ts';
import type { BookingRules } from '../../../shared/schedule.ts';
import {
  BOOKING_DAYS_IN_WORDS,
  button,
  citiesInWords,
  cutoffSaid,
  feeValues,
  HARDWARE_NOTE_IN_WORDS,
  type KnowledgeSource,
  noticeSaid,
  ONE_BOOKING_DAY,
  PAYMENT_TERMS_IN_WORDS,
  quotedButton,
  SERVICES_IN_WORDS,
  SLOT_COUNT,
  SLOTS_IN_WORDS,
  SMALL_BUSINESS_IN_WORDS,
  type SupportContact,
  supportLineSaid,
  TOWN_A,
  TOWN_B,
  TOWNS,
  toolName,
  toolPlatforms,
  toolText,
  townInWords,
} from './knowledge-facts.ts';
import { fact, said } from './said.ts';

/**
 * The assistant's knowledge about the business itself: the entries about fees, payment, the service area, booking,
 * remote support, the services, the technician and how to reach us.
 */

/** The entries about fees, payment, the area, booking, remote support, the services and contact, for the current rules. */
export function serviceEntries(support: SupportContact, rules: BookingRules): KnowledgeSource[] {
  const [chromeTool, quickAssist] = REMOTE_SUPPORT_TOOLS;
  const [townA, townB] = [TOWN_A, TOWN_B];
  const notice = noticeSaid(rules);
  const cutoff = cutoffSaid(rules, support);

  return [
    {
      id: 'fees',
      questions: ['How much do you charge?', 'What are your prices?', 'What does a visit cost?', 'What are your rates?'],
      keywords: 'fee fees price prices cost costs charge charges rate rates hourly expensive cheap dollars money bill billing much',
      // biome-ignore format: the message extractor needs this english() text in single quotes
      answer: said(english('Troubleshooting costs {troubleshootingHour} for the first hour (one hour is the minimum), then {troubleshootingStep} for each extra {step} minutes. Consulting costs {consultingHour} for the first hour, then {consultingStep} for each extra {step} minutes. We don\'t charge for the first {grace} minutes past the hour or half-hour; after that, another {step} minutes is added. Tell me how long you think it will take and I can work out the total.'), feeValues),
    },
    {
      id: 'minimum-charge',
      questions: ['Is there a minimum charge?', 'What if it only takes 15 minutes?', 'Do you charge for a short visit?'],
      keywords: 'minimum least short quick small job minutes',
      answer: said(
        english(
          'Every visit is billed for at least one hour: {troubleshootingHour} for troubleshooting or {consultingHour} for consulting, even if the problem is fixed sooner.',
        ),
        feeValues,
      ),
    },
    {
      id: 'consulting',
      questions: ['What is consulting?', 'What is the difference between troubleshooting and consulting?', 'Can you give advice?'],
      keywords: 'consulting consultation advice plan planning recommend recommendation business office strategy buying',
      answer: said(
        english(
          'Troubleshooting is fixing something that is not working, at {troubleshootingHour} an hour. Consulting is advice and planning, for example choosing new computers, planning a small office network or setting up Microsoft 365 or Google Workspace for a business, at {consultingHour} an hour. Both have a one-hour minimum, then extra time in {step}-minute steps.',
        ),
        feeValues,
      ),
    },
    {
      id: 'payment-methods',
      questions: ['How do I pay?', 'What payment methods do you accept?', 'Can I pay with a credit card?', 'Do you take checks?'],
      keywords: 'pay paying payment payments cash check cheque paypal credit debit card cards visa mastercard online invoice',
      answer: said(
        english(
          '{paymentTerms} After the job is finished, you can also pay online: log in, find the visit in your appointment list on your home page and press {pay}. It opens a secure PayPal checkout, where you can pay with PayPal or with a credit or debit card.',
        ),
        { paymentTerms: PAYMENT_TERMS_IN_WORDS, pay: button('Pay') },
      ),
    },
    {
      id: 'when-pay',
      questions: ['When do I pay?', 'Do I pay before or after the visit?', 'Do I need to pay a deposit?'],
      keywords: 'when before after deposit upfront front advance due completed finished first',
      answer: said(
        english(
          'You pay once the job is done, never in advance and no deposit. {paymentTerms} The {pay} button in your appointment list appears after your technician marks the visit completed and enters the amount.',
        ),
        { paymentTerms: PAYMENT_TERMS_IN_WORDS, pay: button('Pay') },
      ),
    },
    {
      id: 'service-area',
      questions: ['What area do you serve?', 'Where do you provide service?', 'Which towns do you cover?', 'Do you come to my town?'],
      keywords:
        'area areas town towns city cities where location locations serve service cover travel come zip neighborhood long island suffolk',
      // biome-ignore format: the message extractor needs this english() text in single quotes
      answer: said(english('We visit homes and businesses in {towns} on Long Island, New York. In the {townA}: {citiesA}. In the {townB}: {citiesB}. If your town is not on this list we can\'t come in person, but remote support may still work for you.'), { towns: TOWNS, townA: townInWords(townA), townB: townInWords(townB), citiesA: citiesInWords(townA), citiesB: citiesInWords(townB) }),
    },
    {
      id: 'booking-days',
      questions: ['What days can I book?', 'Are you open on weekdays?', 'Can you come on a Monday?', 'When are you available?'],
      keywords:
        'day days week weekday weekdays weekend weekends saturday saturdays sunday sundays monday tuesday wednesday thursday friday open hours available availability schedule when',
      // biome-ignore format: the message extractor needs this english() text in single quotes
      answer: said(english('Visits are on {days} only, so you don\'t have to take time off work. There are no weekday visits. Each weekend day has {slotCount} start times: {slots} (New York time).'), { days: BOOKING_DAYS_IN_WORDS, slotCount: SLOT_COUNT, slots: SLOTS_IN_WORDS }),
    },
    {
      id: 'booking-times',
      questions: ['What times can I book?', 'What time slots are there?', 'Can you come in the evening?', 'How early can you come?'],
      keywords: 'time times slot slots hour hours morning afternoon evening early late start starting oclock am pm',
      // biome-ignore format: the message extractor needs this english() text in single quotes
      answer: said(english('On {days} a visit can start at {slots}, New York time. Times that are already taken are grayed out in the calendar on your home page, and times when we are closed show as {closed}. We don\'t offer other start times.'), { days: BOOKING_DAYS_IN_WORDS, slots: SLOTS_IN_WORDS, closed: quotedButton('Closed') }),
    },
    {
      id: 'how-to-book',
      questions: ['How do I book an appointment?', 'How do I schedule a visit?', 'How can I make an appointment?', 'Can you book for me?'],
      keywords: 'book booking schedule scheduling appointment appointments reserve reservation visit make set up calendar sign register',
      // biome-ignore format: the message extractor needs this english() text in single quotes
      answer: said(english('Register on this site (or log in), fill in the short service form with your address, then on your home page pick a {oneDay} in the calendar, choose a time, choose {inPerson} or {remote} and press {confirm}. {notice} You will be asked to describe the problem, and you\'ll get a confirmation e-mail with a calendar invitation. I can\'t book for you, but if you\'d like help with booking, please {supportLine}.'), { oneDay: ONE_BOOKING_DAY, inPerson: button('In-Person'), remote: button('Remote'), confirm: button('Confirm'), notice, supportLine: supportLineSaid(support) }),
    },
    {
      id: 'appointment-limit',
      questions: ['How many appointments can I book?', 'Can I book more than one visit?', 'Why can I not book a fourth appointment?'],
      keywords: 'many limit maximum max several multiple more fourth three 3 disabled grey gray greyed grayed cannot why',
      answer: said(
        english('You can have up to {max} upcoming visits at a time. Once a visit is done or cancelled, you can book another one.'),
        { max: MAX_OPEN_APPOINTMENTS },
      ),
    },
    {
      id: 'cancel',
      questions: ['How do I cancel my appointment?', 'Can I cancel a visit?', 'Is there a cancellation fee?'],
      keywords: 'cancel cancelling cancellation cancelled call off fee penalty',
      // biome-ignore format: the message extractor needs this english() text in single quotes
      answer: said(english('On your home page, find the visit in your appointment list and press {cancel}. There is no cancellation fee. {cutoff} If you only need another time, you don\'t have to cancel: press {changeTime} instead and pick a new time. A visit that has already been completed can\'t be cancelled.'), { cancel: button('Cancel'), cutoff, changeTime: button('Change time') }),
    },
    {
      id: 'reschedule',
      questions: [
        'Can I reschedule my appointment?',
        'I need to change my appointment time',
        'Can I move my visit to another day?',
        'How do I change the date of my visit?',
      ],
      keywords:
        'reschedule rescheduling change changing move moving another different other new day date time postpone switch swap earlier later',
      // biome-ignore format: the message extractor needs this english() text in single quotes
      answer: said(english('Yes. On your home page, find the visit in your appointment list and press {changeTime}, then pick a new open {oneDay} time. Your old time is kept until the new one is held, so you don\'t lose your visit, and we e-mail you an updated calendar invitation. {cutoff} A visit that is completed or paid can\'t be moved.'), { changeTime: button('Change time'), oneDay: ONE_BOOKING_DAY, cutoff }),
    },
    {
      id: 'cutoff',
      questions: [
        'How late can I cancel?',
        'Until when can I change my appointment?',
        'What if I need to cancel at the last minute?',
        'Is there a deadline for cancelling?',
      ],
      keywords: 'late last minute deadline cutoff cut-off until before hours policy too',
      answer: said(
        english('{cutoff} Before that, press {cancel} or {changeTime} next to the visit in your appointment list on your home page.'),
        { cutoff, cancel: button('Cancel'), changeTime: button('Change time') },
      ),
    },
    {
      id: 'notice',
      questions: [
        'How far ahead do I need to book?',
        'Can I book for today?',
        'Can you come tomorrow?',
        'Can I get a same-day appointment?',
        'How soon can you come?',
        'How much notice do you need?',
        'How long before the visit do I have to book?',
      ],
      keywords:
        'soon soonest next today tonight tomorrow now same day short notice advance ahead far urgent emergency asap quickly right away earliest book booking',
      answer: said(
        english(
          '{notice} Visits are on {days} at {slots} (New York time), so pick the first open time in the calendar on your home page. If it is urgent, please call us at {phone}.',
        ),
        { notice, days: BOOKING_DAYS_IN_WORDS, slots: SLOTS_IN_WORDS, phone: support.phone },
      ),
    },
    {
      id: 'time-off',
      questions: [
        'Why does the calendar say Closed?',
        'Do you take vacations?',
        'Are you closed on holidays?',
        'Why can I not book that day?',
      ],
      keywords: 'closed close vacation vacations holiday holidays time off away unavailable break trip christmas thanksgiving',
      // biome-ignore format: the message extractor needs this english() text in single quotes
      answer: said(english('The owner sometimes takes time off. Days and times when we are closed show as {closed} in the calendar on your home page, and they can\'t be booked; please pick another open time. If we have to close a time you already booked, we will contact you about it. {notice}'), { closed: quotedButton('Closed'), notice }),
    },
    {
      id: 'completed-job',
      questions: [
        'Can I cancel a visit that is already done?',
        'The job is finished, can I still cancel it?',
        'What happens after the job is completed?',
      ],
      keywords: 'completed complete finished done over already after job undo',
      // biome-ignore format: the message extractor needs this english() text in single quotes
      answer: said(english('Once your technician marks a visit completed, it can\'t be cancelled or moved, but it can be paid: find it in your appointment list on your home page and press {pay} (PayPal or a credit or debit card), or pay by cash or check. A paid visit can\'t be cancelled or moved either.'), { pay: button('Pay') }),
    },
    {
      id: 'describe-problem',
      questions: ['How do I tell you what the problem is?', 'Can I change my problem description?'],
      keywords: 'describe description problem issue explain details edit update notes',
      answer: said(
        english(
          'Right after you book, a window asks you to describe the problem. You can change the description later from your appointment list on your home page. The more detail you give, the better your technician can prepare.',
        ),
      ),
    },
    {
      id: 'remote-support',
      questions: ['How does remote support work?', 'Can you fix my computer remotely?', 'Can you help me without coming to my house?'],
      keywords: 'remote remotely online distance connect connection screen share sharing internet without visit home virtual',
      answer: said(
        english(
          'For a remote visit, book a time and choose {remote} instead of {inPerson}. At the time of the visit we call you, and you let us see your screen with a free tool: {chrome} ({chromePlatforms}) or {quickAssist} ({quickAssistPlatforms}). You watch everything we do and can end the session at any time. The Remote Support page on this site has step-by-step instructions. Remote visits cost the same as visits in person.',
        ),
        {
          remote: button('Remote'),
          inPerson: button('In-Person'),
          chrome: toolName(chromeTool),
          chromePlatforms: toolPlatforms(chromeTool),
          quickAssist: toolName(quickAssist),
          quickAssistPlatforms: toolPlatforms(quickAssist),
        },
      ),
    },
    {
      id: 'remote-tools',
      questions: ['What program do you use for remote support?', 'Do I need to install anything for remote help?', 'What is Quick Assist?'],
      keywords: 'program software tool app application install download chrome desktop quick assist code teamviewer anydesk',
      answer: said(
        english(
          'We use free tools only. {chrome}: {chromeText} {quickAssist}: {quickAssistText} Use them only during a visit you booked with us, never for someone who called you.',
        ),
        {
          chrome: toolName(chromeTool),
          chromeText: toolText(chromeTool),
          quickAssist: toolName(quickAssist),
          quickAssistText: toolText(quickAssist),
        },
      ),
    },
    {
      id: 'remote-safety',
      questions: ['Is remote support safe?', 'Can you get into my computer anytime?'],
      keywords: 'safe safety secure security trust privacy access control permission',
      answer: said(
        english(
          'Yes. We can only connect when you give us a fresh code during our call, you see everything we do, and you can end the session at any time. Once it ends, we can no longer see or reach your computer. Never give a code to someone who called you out of the blue: we only connect during a visit you booked.',
        ),
      ),
    },
    {
      id: 'hardware',
      questions: ['Do you repair hardware?', 'Can you fix a broken screen?', 'My laptop will not turn on, can you repair it?'],
      keywords: 'hardware repair broken screen cracked keyboard battery part parts replace replacement power dead physical water damage',
      // biome-ignore format: the message extractor needs this english() text in single quotes
      answer: said(english('{hardwareNote} Book a visit and we\'ll check what failed and whether replacing it makes sense.'), { hardwareNote: HARDWARE_NOTE_IN_WORDS }),
    },
    {
      id: 'services',
      questions: ['What services do you offer?', 'What can you help with?', 'What kind of problems do you fix?'],
      keywords: 'services service offer help fix problems support kind types',
      answer: said(english('We help with: {services}. {hardwareNote}'), {
        services: SERVICES_IN_WORDS,
        hardwareNote: HARDWARE_NOTE_IN_WORDS,
      }),
    },
    {
      id: 'who',
      questions: ['Who are you?', 'Who is the technician?', 'How much experience do you have?', 'Are you a local business?'],
      keywords: 'who technician experience qualified local company business about person background',
      answer: fact(...TECHNICIAN_BIO.paragraphs.slice(0, 2)),
    },
    {
      id: 'contact',
      questions: ['How can I contact you?', 'What is your phone number?', 'Can I talk to a person?', 'What is your e-mail address?'],
      keywords: 'contact phone number call telephone email e-mail mail talk speak human person reach',
      answer: said(english('You can call us at {phone} or e-mail {email}. The phone number is also on your home page after you log in.'), {
        phone: support.phone,
        email: support.email,
      }),
    },
    {
      id: 'account',
      questions: ['How do I create an account?', 'I forgot my password', 'How do I change my e-mail address?'],
      keywords: 'account register registration sign up signup login log in password forgot reset verify verification email change',
      answer: said(
        english(
          'To register, press {register} at the top of the page, enter your e-mail address and a password of at least {passwordLength} characters, and open the link in the verification e-mail we send you. If you forgot your password, use {forgotPassword} on the login page. You can change your e-mail address and your contact details from the Account page once you are logged in.',
        ),
        { register: button('Register'), passwordLength: PASSWORD_MIN_LENGTH, forgotPassword: quotedButton('Forgot password?') },
      ),
    },
    {
      id: 'reminder',
      questions: ['Will I get a reminder before my visit?', 'Do you send a confirmation?'],
      keywords: 'reminder remind confirmation confirm email invitation calendar notice',
      answer: said(
        english(
          'Yes. You get a confirmation e-mail with a calendar invitation as soon as you book, and a reminder e-mail the day before your visit. If you cancel, you get an e-mail about that too.',
        ),
      ),
    },
    {
      id: 'business-hardware-software',
      questions: ['Do you help small businesses?', 'Can you set up my office network?', 'Do you work with home offices?'],
      keywords: 'small business office home office network networks printer shared microsoft 365 google workspace employees staff',
      answer: said(english('Yes. {smallBusiness} Fixing problems is billed as troubleshooting and planning as consulting.'), {
        smallBusiness: SMALL_BUSINESS_IN_WORDS,
      }),
    },
  ];
}
