import { english } from '../../../shared/english.ts';
import { feeValues, HARDWARE_NOTE_IN_WORDS, type KnowledgeSource, PRODUCT_FACTS } from './knowledge-facts.ts';
import { said, words } from './said.ts';

/** The everyday problems the business fixes, in the words customers use for them. */
export function problemEntries(): KnowledgeSource[] {
  const facts = PRODUCT_FACTS;
  const bookVisit = said(english('Book a visit, in person or remote.'));
  const fixCost = said(
    english(
      'Fixing it is billed as troubleshooting: {troubleshootingHour} for the first hour, then {troubleshootingStep} for each extra {step} minutes.',
    ),
    feeValues,
  );
  return [
    {
      id: 'problem:printer',
      questions: [
        "My printer won't print",
        'My printer stopped working after an update',
        'Can you fix my printer?',
        'The printer says it is offline',
      ],
      keywords:
        'printer printers print printing prints scanner scan offline driver drivers ink paper jam queue stuck update updated since wireless hp canon epson brother',
      // biome-ignore format: the message extractor needs this english() text in single quotes
      answer: said(english('Yes, we help with printers. After a {windows} or {mac} update, a printer often needs its driver set up again or has to be connected to the Wi-Fi again. First, turn the printer and the computer off and on again. If it still won\'t print, book a visit, in person or remote, and we\'ll find out why. {fixCost} {hardwareNote}'), { windows: facts.windows, mac: facts.mac, fixCost, hardwareNote: HARDWARE_NOTE_IN_WORDS }),
    },
    {
      id: 'problem:wifi',
      questions: [
        'My Wi-Fi keeps dropping',
        'My internet is not working',
        'The Wi-Fi is weak in part of the house',
        'Can you set up my new router?',
      ],
      keywords: 'wifi wi-fi wireless internet router modem network signal connection connect disconnect drops dropping weak slow',
      answer: said(
        english(
          'Yes, we help with Wi-Fi and the internet. First, switch the modem and the router off for {seconds} seconds, then on again. If it still drops or is weak in parts of the house, we can find the cause, set up a new router or modem, and connect your phones, tablets, TV and printer. If the internet is down for everyone in your home, call your internet provider first. {bookVisit} {fixCost}',
        ),
        { seconds: facts.modemOffSeconds, bookVisit, fixCost },
      ),
    },
    {
      id: 'problem:email',
      questions: [
        "I can't get into my e-mail",
        'My e-mail stopped working',
        'Can you set up my e-mail on my new computer?',
        'I am locked out of my Gmail',
      ],
      keywords:
        'email e-mail emails mail gmail outlook yahoo aol hotmail inbox open send sending receive getting arriving anymore locked out sign into',
      answer: said(
        english(
          'Yes, we help with e-mail ({emailServices} and others): setting it up on a new computer, phone or tablet, fixing e-mail that stopped sending or arriving, and getting back into a locked account. Keep your phone nearby: the e-mail company may text you a code to type in yourself. {bookVisit} {fixCost}',
        ),
        { emailServices: facts.emailServices.join(', '), bookVisit, fixCost },
      ),
    },
    {
      id: 'problem:phone-tablet',
      questions: [
        'Can you help with my iPhone?',
        'Do you help with tablets?',
        'Can you set up my new phone?',
        "Can you set up my bank's app on my phone?",
      ],
      keywords: 'phone phones cell cellphone smartphone mobile iphone android samsung ipad tablet tablets kindle settings bank banking',
      // biome-ignore format: the message extractor needs this english() text in single quotes
      answer: said(english('Yes, we help with {appleDevices}, {android} phones and tablets: setting up a new one, moving your contacts and photos, e-mail, updates, and apps such as your bank\'s official app from the {appStores}. You type your own passwords: we never ask you for them. For a phone or tablet, a visit in person works best.'), { appleDevices: facts.appleDevices.map((device) => `${device}s`).join(', '), android: facts.android, appStores: words(facts.appStores.join(' or '), facts.appStores.join(' o de ')) }),
    },
    {
      id: 'problem:slow-computer',
      questions: [
        'My computer is very slow',
        'My laptop takes forever to start',
        'Why is my computer so slow?',
        'My computer keeps freezing',
      ],
      keywords:
        'slow slower sluggish speed faster forever freeze freezing frozen hangs stuck startup start boot old laptop computer pc full space',
      // biome-ignore format: the message extractor needs this english() text in single quotes
      answer: said(english('Yes, we fix slow and freezing computers. The cause is often too many programs starting at once, a full disk, two antivirus programs fighting each other, or updates waiting to finish. First, restart the computer (Restart, not just closing the lid). If it is still slow, book a visit, in person or remote, and we\'ll find the cause. {fixCost} If the computer is simply too old, we help you choose a new one and move your files.'), { fixCost }),
    },
    {
      id: 'problem:backup',
      questions: ['How do I back up my photos?', 'Can you set up backups?', 'I am afraid of losing my pictures', 'How do I save my files?'],
      keywords:
        'backup backups back up copy copies save saving lose losing lost photos pictures files documents cloud icloud onedrive google drive external',
      answer: said(
        english(
          'Yes. We set up automatic backups so your photos and files are not lost, for example to {backupPlaces} or an external drive, and show you how to check that they work. We also move your files, photos and contacts to a new computer or phone. {bookVisit}',
        ),
        { backupPlaces: facts.backupPlaces.join(', '), bookVisit },
      ),
    },
    {
      id: 'problem:video-calls',
      questions: [
        'Can you help me with Zoom?',
        'How do I FaceTime my grandchildren?',
        'My camera does not work on video calls',
        'Can you set up video calls with my family?',
      ],
      keywords:
        'video zoom facetime whatsapp skype meet camera webcam microphone mic sound audio hear see grandchildren family doctor telehealth',
      answer: said(
        english(
          'Yes. We set up {videoCallApps} and other video calls on your computer, tablet or phone, check that the camera, the microphone and the sound work, and can practice a call with you. {bookVisit}',
        ),
        { videoCallApps: facts.videoCallApps.join(', '), bookVisit },
      ),
    },
    {
      id: 'problem:virus-popups',
      questions: [
        'I think my computer has a virus',
        'Pop-ups keep appearing on my computer',
        'Can you remove a virus?',
        'My browser shows ads everywhere',
      ],
      keywords:
        'virus viruses malware infected infection popup popups pop-up pop-ups ads adware browser hijacked homepage toolbar antivirus clean remove',
      // biome-ignore format: the message extractor needs this english() text in single quotes
      answer: said(english('A pop-up that says your computer is infected and gives a phone number to call is a scam: don\'t call it, and close the browser (if it won\'t close, turn the computer off and on). We remove viruses, pop-ups and unwanted programs, and check that your antivirus works. {bookVisit} Tell us if you gave anyone access or paid anything. {fixCost}'), { bookVisit, fixCost }),
    },
  ];
}
