import { BUSINESS_NAME } from '../../../shared/business.ts';
import { english } from '../../../shared/english.ts';
import { TEXTS_OPT_IN_LABEL } from '../../../shared/text-messages.ts';
import { type KnowledgeSource, ONE_BOOKING_DAY, PRODUCT_FACTS, type SupportContact, siteLabel, slotInWords } from './knowledge-facts.ts';
import { said, words } from './said.ts';
import { listInWordsEs } from './spanish-words.ts';

/**
 * The entries about the rest of the product (issue 41): texts, the trusted contact, invoices and refunds, the
 * languages, the app on the home screen, past visits, the customer's data, how long a visit lasts and the day's
 * last slot.
 */
export function productEntries(support: SupportContact): KnowledgeSource[] {
  const facts = PRODUCT_FACTS;
  const replies = facts.textReplies;
  return [
    {
      id: 'texts',
      questions: [
        'Can I get text messages about my appointments?',
        'Do you send texts?',
        'How do I confirm my phone number for texts?',
        'What is the code you texted me?',
        'Can you text me a reminder?',
        'Can you text me instead of e-mailing me?',
        'Why am I not getting any texts?',
      ],
      keywords:
        'text texts texting texted sms message messages cell cellphone mobile phone number code digit digits confirm confirmation welcome way notify gotten received',
      answer: said(
        english(
          'Yes. Tick {optIn} on the service form or on your Account page. We first text a {digits}-digit code to your number: type it on your Account page, under {confirmNumber} (the code works for {minutes} minutes; {newCode} sends another). We send no other text until then. After that you get a welcome text, your booking confirmation, a reminder the day before, "on my way" when your technician sets off for a visit in person, and the link to pay. Reply {stop} at any time to stop them.',
        ),
        {
          optIn: siteLabel(TEXTS_OPT_IN_LABEL),
          digits: facts.textCodeDigits,
          confirmNumber: siteLabel('Confirm your number for texts'),
          minutes: facts.textCodeMinutes,
          newCode: siteLabel('Send a new code'),
          stop: replies.stop,
        },
      ),
    },
    {
      id: 'texts-stop',
      questions: [
        'How do I stop your texts?',
        'I want to stop the text messages',
        'How do I get texts again?',
        'Can I turn off the texts?',
      ],
      keywords: 'stop stopping start again unsubscribe opt out no more quit end turn off texts text messages sms',
      answer: said(
        english(
          'Reply {stop} to any of our texts and they stop at once. To get them again, reply {start}. Reply {help} for our phone number. You can also untick {optIn} on your Account page. E-mails about your visits keep coming either way.',
        ),
        { stop: replies.stop, start: replies.start, help: replies.help, optIn: siteLabel(TEXTS_OPT_IN_LABEL) },
      ),
    },
    {
      id: 'trusted-contact',
      questions: [
        'Can my daughter get copies of my appointments?',
        'What is a trusted contact?',
        'Can a family member be told about my visits?',
        'Can my son get my reminders too?',
        'Can my family see my appointments?',
      ],
      keywords:
        'trusted contact family member daughter son wife husband grandson granddaughter grandchild relative caregiver helper niece nephew copy copies copied informed',
      answer: said(
        english(
          'Yes. On your Account page, under {trustedContact}, you can name one person, such as a family member who helps you, with their name and e-mail address. We first e-mail them an invitation, and only once they agree do they get a copy of your visit confirmations, changes, reminders and receipts by e-mail. They cannot see or change your account. To stop the copies, press {removeTrustedContact}; they can also stop them with the link in each copy.',
        ),
        { trustedContact: siteLabel('Trusted contact'), removeTrustedContact: siteLabel('Remove trusted contact') },
      ),
    },
    {
      id: 'invoices',
      questions: ['Where can I find my invoice?', 'How do I get a receipt?', 'Can I print my bill?', 'I need a receipt for my records'],
      keywords: 'invoice invoices receipt receipts bill bills copy print printable pdf paperwork record records taxes tax statement proof',
      answer: said(
        english(
          'When your technician marks a visit completed with its amount, an {invoice} button appears next to it in your appointment list on your home page: open it to read or print the invoice. After you pay, we e-mail your receipt with the invoice attached as a PDF and a link to see and print it again. Keep that e-mail as your receipt.',
        ),
        { invoice: siteLabel('Invoice') },
      ),
    },
    {
      id: 'refunds',
      questions: ['Can I get a refund?', 'How do refunds work?', 'I was charged twice, can I get my money back?', 'I want my money back'],
      keywords: 'refund refunds refunded money back return returned charged twice double wrong overcharged mistake dispute give',
      answer: said(
        english(
          'If something is wrong with a payment, please call us at {phone} to talk about it. When {business} refunds a payment, a payment made online goes back through PayPal, and cash, a check or a card paid in person is given back by hand. You get an e-mail when the refund is made.',
        ),
        { phone: support.phone, business: BUSINESS_NAME },
      ),
    },
    {
      id: 'language',
      questions: [
        'Can I use the site in Spanish?',
        'Is there a Spanish version?',
        'How do I change the language?',
        'Can I get my e-mails in Spanish?',
      ],
      keywords: 'spanish espanol español english language languages idioma switch translate translation website site page pages read',
      answer: said(
        english(
          'The site, our e-mails and texts, and this assistant are in English and Spanish. The switch at the top of every page, "{languageSwitch}", changes the language: press "{spanish}" for Spanish. Once you are logged in, your account remembers it, and our e-mails and texts to you come in that language. I answer in the language you write in. To ask whether your visit can be in Spanish, please call us at {phone}.',
        ),
        { languageSwitch: facts.languageSwitch, spanish: facts.spanish, phone: support.phone },
      ),
    },
    {
      id: 'home-screen-app',
      questions: [
        'Is there an app?',
        'Can I put TechHelp on my phone like an app?',
        'How do I add the site to my home screen?',
        'Do you have an app for my phone?',
      ],
      keywords: 'app apps application home screen icon shortcut phone iphone android ipad tablet store safari chrome',
      // biome-ignore format: the message extractor needs this english() text in single quotes
      answer: said(english('There is nothing to download from an app store: you can add this website to your phone\'s home screen and open it like an app. On an {appleDevices}, open the site in {appleBrowser}, tap the Share button, then "Add to Home Screen". On an {android} phone, open it in {androidBrowser}, tap the menu (three dots), then "Add to Home screen" or "Install app". When your phone has no internet, it shows a page with our phone number.'), { appleDevices: words(facts.appleDevices.join(' or '), listInWordsEs(facts.appleDevices, 'o')), appleBrowser: facts.browsers.apple, android: facts.android, androidBrowser: facts.browsers.android }),
    },
    {
      id: 'past-visits',
      questions: [
        'Where can I see my past visits?',
        'How do I see my appointment history?',
        'Where are my old appointments?',
        'Can I see what was done at my last visit?',
      ],
      keywords: 'past previous old older earlier history record records visits appointments had done before list gone disappeared',
      answer: said(
        english(
          'Your appointment list on your home page shows your visits still to come and any visit waiting for payment. Once a visit is paid, it leaves that list; its receipt e-mail keeps the details and the invoice. To get every visit you have had with us, with payments and invoices, use {downloadData} on your Account page, or call us at {phone}.',
        ),
        { downloadData: siteLabel('Download my data'), phone: support.phone },
      ),
    },
    {
      id: 'my-data',
      questions: ['Can I download my data?', 'What information do you keep about me?', 'How do I get a copy of my information?'],
      keywords: 'data download copy information personal privacy keep kept stored hold export file details',
      answer: said(
        english(
          'Yes. On your Account page, under {yourData}, press {downloadData}. You get a file of everything we hold about you: your account and details, your trusted contact, your visits, payments and invoices, your reviews, and the e-mails and texts we sent for your account.',
        ),
        { yourData: siteLabel('Your data'), downloadData: siteLabel('Download my data') },
      ),
    },
    {
      id: 'delete-account',
      questions: ['How do I delete my account?', 'Can you erase my information?', 'I want to close my account', 'How do I delete my data?'],
      keywords: 'delete deleting deletion remove erase close closing account data information forget',
      answer: said(
        english(
          'On your Account page, under {yourData}, press {deleteAccount} and confirm with your password (an account made with Google signs in with Google again instead). It cancels your visits still to come, with an e-mail for each, and deletes your login, your details, your trusted contact and the messages we sent you. Paid visits are kept for our books, without your name or contact details. You can download your data first with {downloadData}.',
        ),
        { yourData: siteLabel('Your data'), deleteAccount: siteLabel('Delete my account'), downloadData: siteLabel('Download my data') },
      ),
    },
    {
      id: 'visit-length',
      questions: [
        'How long does a visit last?',
        'How long will the technician stay?',
        'How long is an appointment?',
        'How much time does each visit take?',
      ],
      keywords: 'long length duration take takes stay minutes slot each',
      answer: said(
        english(
          'Each visit has a {visitMinutes}-minute slot: the start times, from {firstSlot} to {lastSlot}, are {visitMinutes} minutes apart. Many problems are fixed in that time, and you pay only for the time worked, with one hour as the minimum. If you think your problem will take longer, say so in the problem description or call us at {phone}.',
        ),
        {
          visitMinutes: facts.visitMinutes,
          firstSlot: slotInWords(facts.firstSlot),
          lastSlot: slotInWords(facts.lastSlot),
          phone: support.phone,
        },
      ),
    },
    {
      id: 'last-slot',
      questions: [
        'What is the last appointment of the day?',
        'What is your latest appointment time?',
        'What time is the first appointment?',
        'When is the last slot?',
      ],
      keywords: 'last latest final late evening end first earliest slot appointment start starts',
      answer: said(
        english(
          'The last visit of a {oneDay} starts at {lastSlot} and the first at {firstSlot}, New York time; each runs up to {visitMinutes} minutes. There are no earlier or later start times.',
        ),
        {
          oneDay: ONE_BOOKING_DAY,
          lastSlot: slotInWords(facts.lastSlot),
          firstSlot: slotInWords(facts.firstSlot),
          visitMinutes: facts.visitMinutes,
        },
      ),
    },
  ];
}
