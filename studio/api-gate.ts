/**
 * The page before the Studio on this machine (`npm run studio`, `sanity dev` only). The local
 * API speaks HTTPS (the Studio needs HTTP/2, which browsers speak only over TLS) with a
 * certificate made on this machine, which a browser does not trust until a person accepts it
 * once. Without this page the Studio waits 15 s and then blames the network. The page checks
 * the API first: reachable, the Studio starts at once; not, it says why and links to the API,
 * which after the browser's own warning ("Advanced" → "Proceed") sends the person straight back
 * here, and the Studio starts.
 */
import { apiHost, projectId } from './env';

const TEXTS = {
  en: {
    title: 'One step before the Studio',
    why: 'The Studio on this machine works with its local API at {api}. Your browser does not trust that address yet: its certificate was made on this machine (the local API needs HTTPS).',
    step1: 'Open the local API with the button below.',
    step2:
      'Your browser warns that the connection is not private: choose “Advanced”, then “Proceed to {host}”.',
    step3: 'You are brought back here, and the Studio opens.',
    open: 'Open the local API',
    once: 'Needed once per browser session. To trust the certificate for good, see local-api/README.md.',
    stopped:
      'If the browser says the address cannot be reached, npm run studio has stopped: start it again.',
    waiting: 'Checking the local API again every few seconds …',
  },
  de: {
    title: 'Ein Schritt vor dem Studio',
    why: 'Das Studio auf diesem Rechner arbeitet mit seiner lokalen API unter {api}. Dein Browser vertraut dieser Adresse noch nicht: Ihr Zertifikat wurde auf diesem Rechner erstellt (die lokale API braucht HTTPS).',
    step1: 'Öffne die lokale API mit der Schaltfläche unten.',
    step2:
      'Dein Browser warnt, die Verbindung sei nicht privat: Wähle „Erweitert“ und dann „Weiter zu {host}“.',
    step3: 'Du kommst hierher zurück, und das Studio öffnet sich.',
    open: 'Lokale API öffnen',
    once: 'Einmal pro Browsersitzung nötig. Wie du dem Zertifikat dauerhaft vertraust, steht in local-api/README.md.',
    stopped:
      'Meldet der Browser, die Adresse sei nicht erreichbar, läuft npm run studio nicht mehr: Starte es neu.',
    waiting: 'Die lokale API wird alle paar Sekunden erneut geprüft …',
  },
  tr: {
    title: 'Stüdyodan önce tek bir adım',
    why: 'Bu bilgisayardaki Stüdyo, {api} adresindeki yerel API ile çalışır. Tarayıcınız bu adrese henüz güvenmiyor: sertifikası bu bilgisayarda oluşturuldu (yerel API HTTPS gerektirir).',
    step1: 'Aşağıdaki düğmeyle yerel API’yi açın.',
    step2:
      'Tarayıcınız bağlantının gizli olmadığı konusunda uyarır: “Gelişmiş”i, ardından “{host} sitesine ilerle”yi seçin.',
    step3: 'Buraya geri getirilirsiniz ve Stüdyo açılır.',
    open: 'Yerel API’yi açın',
    once: 'Her tarayıcı oturumunda bir kez gerekir. Sertifikaya kalıcı olarak güvenmek için local-api/README.md dosyasına bakın.',
    stopped: 'Tarayıcı adrese ulaşılamadığını söylerse npm run studio durmuştur: yeniden başlatın.',
    waiting: 'Yerel API birkaç saniyede bir yeniden kontrol ediliyor …',
  },
} as const;

type Language = keyof typeof TEXTS;

const RETRY_MS = 2_000;
/** The Studio's own entry, which the dev server's page loads when there is no gate. */
const STUDIO_ENTRY = '/.sanity/runtime/app.js';

/** Where the Studio's requests go: the project's name before the API host's. */
function projectOrigin(host: string): string {
  const url = new URL(host);
  url.hostname = `${projectId}.${url.hostname}`;
  return url.origin;
}

/** Whether the browser reaches the API: a failed TLS handshake rejects like a refused connection. */
async function reachable(origin: string): Promise<boolean> {
  try {
    await fetch(`${origin}/`, { mode: 'no-cors', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

function pageLanguage(): Language {
  for (const tag of navigator.languages) {
    const language = tag.split('-')[0];
    if (language === 'de' || language === 'tr' || language === 'en') return language;
  }
  return 'en';
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text: string,
  style = '',
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.textContent = text;
  if (style) node.setAttribute('style', style);
  return node;
}

function showSteps(origin: string): void {
  const language = pageLanguage();
  const texts = TEXTS[language];
  const fill = (text: string) =>
    text.replace('{api}', origin).replace('{host}', new URL(origin).hostname);
  document.documentElement.lang = language;
  document.title = texts.title;
  const main = element('main', '', 'max-width:40rem;margin:4rem auto;padding:0 1.5rem;');
  main.setAttribute(
    'style',
    `${main.getAttribute('style')}font:16px/1.5 system-ui,sans-serif;color:#1b1d22`,
  );
  main.append(element('h1', texts.title, 'font-size:1.6rem'), element('p', fill(texts.why)));
  const steps = document.createElement('ol');
  steps.append(...[texts.step1, texts.step2, texts.step3].map((step) => element('li', fill(step))));
  const link = element(
    'a',
    texts.open,
    'display:inline-block;padding:.6rem 1.1rem;border-radius:6px;background:#1f4fd6;color:#fff;font-weight:600;text-decoration:none;outline-offset:3px',
  );
  // The API sends the browser back here once its certificate is accepted.
  link.href = `${origin}/?back=${encodeURIComponent(location.href)}`;
  const status = element('p', texts.waiting, 'color:#4a4f59');
  status.setAttribute('role', 'status');
  main.append(
    steps,
    link,
    element('p', texts.once, 'color:#4a4f59'),
    element('p', texts.stopped, 'color:#4a4f59'),
    status,
  );
  document.body.replaceChildren(main);
}

async function start(): Promise<void> {
  if (apiHost) {
    const origin = projectOrigin(apiHost);
    if (!(await reachable(origin))) {
      showSteps(origin);
      while (!(await reachable(origin))) await new Promise((done) => setTimeout(done, RETRY_MS));
      // The Studio renders into a page of its own.
      location.reload();
      return;
    }
  }
  await import(/* @vite-ignore */ STUDIO_ENTRY);
}

void start();
