/**
 * A seeded corpus of translation defects: for each check, one English text (with the key
 * path that gives it its role) and five German and five Turkish translations that each
 * carry the defect, checked against SEEDED_GLOSSARY. schemas/checks.test.ts requires every
 * one caught, and bench/content.ts prints the rate.
 */
import type { TextFormat } from '../define';
import type { CheckKind } from '../checks';
import { glossaryFrom } from '../glossary';

/** A glossary as editors keep it: two names never translated, a game's title, two terms. */
export const SEEDED_GLOSSARY = glossaryFrom(
  Object.fromEntries(
    (
      [
        ['en', 'Quarantine Chronicles', 'press kit', '', 'email', 'e-mail'],
        ['de', 'Quarantine Chronicles', 'Pressekit', 'Pressemappe, Presse-Kit', 'E-Mail', 'Email'],
        [
          'tr',
          'Karantina Günlükleri',
          'basın kiti',
          'basın dosyası, medya kiti',
          'e-posta',
          'email',
        ],
      ] as const
    ).map(([language, game, pressKit, avoidPressKit, email, avoidEmail]) => [
      language,
      {
        terms: [
          { term: 'RG Games', keep: true },
          { term: 'Discord', keep: true },
          { term: game },
          { term: pressKit, avoid: avoidPressKit },
          { term: email, avoid: avoidEmail },
        ],
      },
    ]),
  ),
);

export interface SeededDefect {
  readonly kind: CheckKind;
  readonly path: string;
  readonly format: TextFormat;
  readonly en: string;
  readonly de: readonly string[];
  readonly tr: readonly string[];
}

const long = (word: string, times: number) => Array.from({ length: times }, () => word).join(' ');

export const SEEDED_DEFECTS: readonly SeededDefect[] = [
  {
    kind: 'tooLong',
    path: 'items[0].question',
    format: 'plain',
    en: 'How do I pitch my game?',
    de: [
      long('Wie reiche ich mein Spiel ein?', 7),
      long('Frage', 40),
      'W'.repeat(5_000),
      long('Einreichung', 17),
      long('Wie', 50),
    ],
    tr: [
      long('Oyunumu nasıl sunarım?', 9),
      long('soru', 40),
      'ş'.repeat(5_000),
      long('başvuru', 25),
      long('İstanbul', 21),
    ],
  },
  {
    kind: 'long',
    path: 'meta.title',
    format: 'plain',
    en: 'About us | RG Games',
    de: [
      'Über uns: das Studio, das Team, die Geschichte und alles, was wir seit unserer Gründung machen',
      long('Über uns', 9),
      'Über uns | RG Games | Spiele | Publishing | Pressekit | Kontakt | Karriere | FAQ | Blog',
      'Ü'.repeat(71),
      long('Studio', 11),
    ],
    tr: [
      'Hakkımızda: stüdyo, ekip, hikâyemiz ve kuruluşumuzdan beri yaptığımız her şey burada',
      long('Hakkımızda', 7),
      'Hakkımızda | RG Games | Oyunlar | Yayıncılık | Basın kiti | İletişim | Kariyer | SSS',
      'ı'.repeat(71),
      long('stüdyo', 11),
    ],
  },
  {
    kind: 'invisible',
    path: 'title',
    format: 'plain',
    en: 'Games with character',
    de: [
      'Spiele\u200b mit Haltung',
      'Spiele mit\u2060Haltung',
      '\ufeffSpiele mit Haltung',
      'Spiele mit \u202eHaltung',
      'Spiele\u200c mit Haltung',
    ],
    tr: [
      'Karakteri\u200b olan oyunlar',
      'Karakteri olan\u200d oyunlar',
      'Karakteri olan oyunlar\u200e',
      'Karakteri \u2066olan\u2069 oyunlar',
      'Karakteri olan\u2028oyunlar',
    ],
  },
  {
    kind: 'unusualSpace',
    path: 'title',
    format: 'plain',
    en: 'Games with character',
    de: [
      'Spiele\u2003mit Haltung',
      'Spiele mit\u2009Haltung',
      'Spiele\u3000mit Haltung',
      'Spiele\u2002mit Haltung',
      'Spiele mit\u205fHaltung',
    ],
    tr: [
      'Karakteri\u2003olan oyunlar',
      'Karakteri olan\u2009oyunlar',
      'Karakteri\u3000olan oyunlar',
      'Karakteri\u2002olan oyunlar',
      'Karakteri olan\u205foyunlar',
    ],
  },
  {
    kind: 'numbers',
    path: 'pillars[1].description',
    format: 'multiline',
    en: 'A team of 24 people in 2 cities, founded in 2019, with 1,500 players in our tests.',
    de: [
      'Ein Team aus 30 Leuten in 2 Städten, gegründet 2019, mit 1.500 Testspielern.',
      'Ein Team aus 24 Leuten in 3 Städten, gegründet 2019, mit 1.500 Testspielern.',
      'Ein Team aus 24 Leuten in 2 Städten, gegründet 2018, mit 1.500 Testspielern.',
      'Ein Team aus 24 Leuten in 2 Städten, gegründet 2019, mit 1,5 Testspielern.',
      'Ein Team aus 24 Leuten in 2 Städten, gegründet 2019, mit vielen Testspielern.',
    ],
    tr: [
      '2 şehirde 30 kişilik bir ekip; 2019’da kurulduk, testlerimizde 1.500 oyuncu var.',
      '3 şehirde 24 kişilik bir ekip; 2019’da kurulduk, testlerimizde 1.500 oyuncu var.',
      '2 şehirde 24 kişilik bir ekip; 2020’de kurulduk, testlerimizde 1.500 oyuncu var.',
      '2 şehirde 24 kişilik bir ekip; 2019’da kurulduk, testlerimizde 1,500 oyuncu var.',
      '2 şehirde 24 kişilik bir ekip; 2019’da kurulduk, testlerimizde 15.000 oyuncu var.',
    ],
  },
  {
    kind: 'addresses',
    path: 'intro',
    format: 'multiline',
    en: 'Write to press@rg-games.example or read https://rg-games.example/press first.',
    de: [
      'Schreib an presse@rg-games.example oder lies zuerst https://rg-games.example/press.',
      'Schreib an press@rg-games.example oder lies zuerst https://rg-games.example/presse.',
      'Schreib an press@rg-games.example oder lies zuerst unser Pressekit.',
      'Schreib uns oder lies zuerst https://rg-games.example/press.',
      'Schreib an press@rg-games.example oder lies zuerst http://rg-games.example/press.',
    ],
    tr: [
      'basin@rg-games.example adresine yazın ya da önce https://rg-games.example/press sayfasını okuyun.',
      'press@rg-games.example adresine yazın ya da önce https://rg-games.example/basin sayfasını okuyun.',
      'press@rg-games.example adresine yazın ya da önce basın kitimizi okuyun.',
      'Bize yazın ya da önce https://rg-games.example/press sayfasını okuyun.',
      'press@rg-games.example.com adresine yazın ya da önce https://rg-games.example/press sayfasını okuyun.',
    ],
  },
  {
    kind: 'placeholders',
    path: 'copyrightTemplate',
    format: 'plain',
    en: '© {year} {brand}. All rights reserved.',
    de: [
      '© {brand}. Alle Rechte vorbehalten.',
      '© {year}. Alle Rechte vorbehalten.',
      '© {year} {marke}. Alle Rechte vorbehalten.',
      '© {jahr} {brand}. Alle Rechte vorbehalten.',
      '© 2026 RG Games. Alle Rechte vorbehalten.',
    ],
    tr: [
      '© {brand}. Tüm hakları saklıdır.',
      '© {year}. Tüm hakları saklıdır.',
      '© {year} {marka}. Tüm hakları saklıdır.',
      '© {yil} {brand}. Tüm hakları saklıdır.',
      '© 2026 RG Games. Tüm hakları saklıdır.',
    ],
  },
  {
    kind: 'brackets',
    path: 'intro',
    format: 'multiline',
    en: 'We read every pitch (really, every one) and reply within three weeks.',
    de: [
      'Wir lesen jeden Pitch (wirklich jeden und antworten innerhalb von drei Wochen.',
      'Wir lesen jeden Pitch wirklich jeden) und antworten innerhalb von drei Wochen.',
      'Wir lesen jeden Pitch (wirklich „jeden) und antworten innerhalb von drei Wochen.',
      'Wir lesen jeden Pitch [wirklich jeden) und antworten innerhalb von drei Wochen.',
      'Wir lesen jeden Pitch ((wirklich jeden) und antworten innerhalb von drei Wochen.',
    ],
    tr: [
      'Her başvuruyu okuyoruz (gerçekten hepsini ve üç hafta içinde yanıt veriyoruz.',
      'Her başvuruyu okuyoruz gerçekten hepsini) ve üç hafta içinde yanıt veriyoruz.',
      'Her başvuruyu okuyoruz (gerçekten “hepsini) ve üç hafta içinde yanıt veriyoruz.',
      'Her başvuruyu okuyoruz [gerçekten hepsini) ve üç hafta içinde yanıt veriyoruz.',
      'Her başvuruyu okuyoruz ((gerçekten hepsini) ve üç hafta içinde yanıt veriyoruz.',
    ],
  },
  {
    kind: 'endPunctuation',
    path: 'subtitle',
    format: 'multiline',
    en: 'Ready to ship your game?',
    de: [
      'Bereit, dein Spiel zu veröffentlichen.',
      'Bereit, dein Spiel zu veröffentlichen',
      'Bereit, dein Spiel zu veröffentlichen!',
      'Bereit, dein Spiel zu veröffentlichen:',
      'Bereit, dein Spiel zu veröffentlichen …',
    ],
    tr: [
      'Oyununuzu yayımlamaya hazır mısınız.',
      'Oyununuzu yayımlamaya hazır mısınız',
      'Oyununuzu yayımlamaya hazır mısınız!',
      'Oyununuzu yayımlamaya hazır mısınız:',
      'Oyununuzu yayımlamaya hazır mısınız...',
    ],
  },
  {
    kind: 'spaces',
    path: 'subtitle',
    format: 'multiline',
    en: 'We make games with character.',
    de: [
      ' Wir machen Spiele mit Haltung.',
      'Wir machen Spiele mit Haltung. ',
      'Wir machen  Spiele mit Haltung.',
      'Wir machen Spiele\u00a0 mit Haltung.',
      'Wir machen Spiele mit Haltung.\t',
    ],
    tr: [
      ' Karakteri olan oyunlar yapıyoruz.',
      'Karakteri olan oyunlar yapıyoruz. ',
      'Karakteri olan  oyunlar yapıyoruz.',
      'Karakteri\u00a0 olan oyunlar yapıyoruz.',
      '\nKarakteri olan oyunlar yapıyoruz.',
    ],
  },
  {
    kind: 'repeatedWord',
    path: 'subtitle',
    format: 'multiline',
    en: 'We make games with character.',
    de: [
      'Wir machen machen Spiele mit Haltung.',
      'Wir Wir machen Spiele mit Haltung.',
      'Wir machen Spiele mit mit Haltung.',
      'Wir machen Spiele Spiele mit Haltung.',
      'Wir machen Spiele mit Haltung Haltung.',
    ],
    tr: [
      'Karakteri olan ve ve oyunlar yapıyoruz.',
      'Karakteri olan bu bu oyunları yapıyoruz.',
      'Karakteri olan oyunlar ile İle yapıyoruz.',
      'Karakteri olan BİR bir oyun yapıyoruz.',
      'Karakteri olan oyunlar gibi gibi yapıyoruz.',
    ],
  },
  {
    kind: 'longerThanEnglish',
    path: 'cta.label',
    format: 'plain',
    en: 'Apply now',
    de: [
      'Jetzt bewerben und Teil unseres Teams werden',
      'Bewirb dich jetzt über unser Formular',
      'Hier klicken, um dich jetzt zu bewerben',
      'Jetzt gleich bewerben, wir freuen uns',
      'Bewerbung jetzt online einreichen bitte',
    ],
    tr: [
      'Hemen başvurun ve ekibimize katılın lütfen',
      'Formumuz üzerinden şimdi başvurun',
      'Şimdi başvurmak için buraya tıklayın',
      'Hemen başvurun, sizi bekliyoruz efendim',
      'Başvurunuzu şimdi çevrimiçi gönderin',
    ],
  },
  {
    kind: 'glossary',
    path: 'items[0].answer',
    format: 'multiline',
    en: 'The RG Games press kit for Quarantine Chronicles is one email away.',
    de: [
      'Die Pressemappe von RG Games zu Quarantine Chronicles ist nur eine E-Mail entfernt.',
      'Das Pressekit von RG Spiele zu Quarantine Chronicles ist nur eine E-Mail entfernt.',
      'Das Pressekit von RG Games zu Quarantäne-Chroniken ist nur eine E-Mail entfernt.',
      'Das Pressekit von RG Games zu Quarantine Chronicles ist nur eine Email entfernt.',
      'Das Presse-Kit von RG Games zu Quarantine Chronicles ist nur eine E-Mail entfernt.',
    ],
    tr: [
      'Karantina Günlükleri için RG Games medya kiti bir e-posta uzağınızda.',
      'Karantina Günlükleri için RG Oyunları basın kiti bir e-posta uzağınızda.',
      'Quarantine Chronicles için RG Games basın kiti bir e-posta uzağınızda.',
      'Karantina Günlükleri için RG Games basın kiti bir email uzağınızda.',
      'KARANTİNA GÜNLÜKLERİ için RG Games BASIN DOSYASI bir e-posta uzağınızda.',
    ],
  },
];

/**
 * Plural defects: German forms for one and several that are the same, Turkish plural
 * suffixes after the number. Each is a pair of forms for `redirect.message`.
 */
export const SEEDED_PLURALS: {
  readonly en: { readonly one: string; readonly other: string };
  readonly de: readonly { readonly one: string; readonly other: string }[];
  readonly tr: readonly { readonly one: string; readonly other: string }[];
} = {
  en: {
    one: 'Taking you home in {seconds} second…',
    other: 'Taking you home in {seconds} seconds…',
  },
  de: [
    'In {seconds} Sekunden geht es zurück zur Startseite …',
    'In {seconds} Sekunde geht es zurück zur Startseite …',
    'Noch {seconds} Sekunden bis zur Startseite …',
    'Zurück zur Startseite in {seconds} Sek. …',
    'Weiter in {seconds} Sekunden …',
  ].map((text) => ({ one: text, other: text })),
  tr: [
    '{seconds} saniyeler içinde ana sayfaya yönlendiriliyorsunuz…',
    '{seconds} dakikalar içinde ana sayfaya yönlendiriliyorsunuz…',
    'Ana sayfaya {seconds} saniyeler içinde gidiyorsunuz…',
    '{seconds} anlar sonra ana sayfadasınız…',
    'Ana sayfaya dönmeye {seconds} saniyeler kaldı…',
  ].map((other) => ({ one: '{seconds} saniye içinde ana sayfaya yönlendiriliyorsunuz…', other })),
};
