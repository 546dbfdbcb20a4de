import type { ReactNode } from 'react';
import { COURIER_BY_ID, type BookingStatus, type PublicTracking } from '@dakiya/shared';
import { CSS } from './styles';
import { WORDS, type Lang, type Words } from './words';

export interface PageLinks {
  /** The same page in the other language. */
  switchLang: string;
  /** This page again (Try again is a reload: there is no script to retry with). */
  self: string;
}

type StepState = 'done' | 'current' | 'stopped' | 'todo';
type Tone = 'moving' | 'done' | 'stopped' | 'back';

const TONE: Record<BookingStatus, Tone> = { FULFILLED: 'moving', INPROCESS: 'moving', DELIVERED: 'done', CANCELLED: 'stopped', RTS: 'back' };

/**
 * The spec's numbered progress in a consignee's words: booked, on its way, delivered. A cancelled
 * parcel stops after booked and a returned one after on its way, the last step saying so: neither is
 * shown as still coming.
 */
export function stepsOf(status: BookingStatus, w: Words): { label: string; state: StepState }[] {
  const s = w.steps;
  switch (status) {
    case 'FULFILLED': return [{ label: s.booked, state: 'current' }, { label: s.moving, state: 'todo' }, { label: s.delivered, state: 'todo' }];
    case 'INPROCESS': return [{ label: s.booked, state: 'done' }, { label: s.moving, state: 'current' }, { label: s.delivered, state: 'todo' }];
    case 'DELIVERED': return [{ label: s.booked, state: 'done' }, { label: s.moving, state: 'done' }, { label: s.delivered, state: 'done' }];
    case 'CANCELLED': return [{ label: s.booked, state: 'done' }, { label: s.cancelled, state: 'stopped' }];
    case 'RTS': return [{ label: s.booked, state: 'done' }, { label: s.moving, state: 'done' }, { label: s.returned, state: 'stopped' }];
  }
}

function Document({ lang, title, links, store, children }: { lang: Lang; title: string; links: PageLinks; store?: string; children: ReactNode }) {
  const w = WORDS[lang];
  const other: Lang = lang === 'ur' ? 'en' : 'ur';
  return (
    <html lang={lang} dir={lang === 'ur' ? 'rtl' : 'ltr'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <meta name="referrer" content="no-referrer" />
        <title>{title}</title>
        <link rel="icon" href="data:," />
        <style>{CSS}</style>
      </head>
      <body>
        <header className="top">
          <div className="bar">
            <span className="store" data-testid="track-store">{store ?? w.title}</span>
            <a className="lang" href={links.switchLang} lang={other} hrefLang={other} data-testid="track-lang">{w.switchTo}</a>
          </div>
        </header>
        <main>{children}</main>
        <footer>{w.footer}</footer>
      </body>
    </html>
  );
}

const dateOf = (iso: string, lang: Lang, timeZone: string, withTime: boolean) =>
  new Intl.DateTimeFormat(lang === 'ur' ? 'ur-PK' : 'en-PK', {
    timeZone, day: 'numeric', month: 'short', year: 'numeric', ...(withTime ? { hour: 'numeric', minute: '2-digit' } : {}),
  }).format(new Date(iso));

export function ParcelPage({ tracking, lang, timeZone, links, courierDown = false }: {
  tracking: PublicTracking; lang: Lang; timeZone: string; links: PageLinks;
  /** The courier was asked just now and did not answer: the page says the status may be behind. */
  courierDown?: boolean;
}) {
  const w = WORDS[lang];
  const courier = COURIER_BY_ID[tracking.company].name;
  const { order, status } = tracking;
  // newest first: the line a consignee looks for is the last scan
  const details = [...order.details].reverse();
  return (
    <Document lang={lang} title={`${w.title}: ${order.track_number}`} links={links} store={tracking.store}>
      <section className="card">
        <p className="hello" data-testid="track-greeting">{w.greeting(order.consignee_name)}</p>
        <h1>{w.fromStore(tracking.store)}</h1>
      </section>
      <section className={`card status ${TONE[status]}`} aria-labelledby="status-label">
        <p className="label" id="status-label">{w.statusLabel}</p>
        <p className="now" data-testid="track-status" data-status={status}>{w.status[status]}</p>
        <p className="note">{w.statusNote[status](courier)}</p>
        {courierDown && <p className="note stale" data-testid="track-courier-down">{w.notReached(courier)}</p>}
      </section>
      <section className="card" aria-labelledby="progress-label">
        <h2 id="progress-label">{w.progress}</h2>
        <ol className="steps" data-testid="track-steps">
          {stepsOf(status, w).map((step, i) => (
            <li key={step.label} className={`s-${step.state}`} aria-current={step.state === 'current' || step.state === 'stopped' ? 'step' : undefined}>
              <b>{i + 1}</b>{step.label}
            </li>
          ))}
        </ol>
      </section>
      <section className="card" aria-labelledby="shipping-label">
        <h2 id="shipping-label">{w.shipping}</h2>
        <dl data-testid="track-shipping">
          <dt>{w.courier}</dt><dd>{courier}</dd>
          <dt>{w.trackingNumber}</dt><dd><bdi>{order.track_number}</bdi></dd>
          <dt>{w.order}</dt><dd><bdi>{tracking.order_name}</bdi></dd>
          <dt>{w.bookedOn}</dt><dd>{dateOf(order.booking_date, lang, timeZone, false)}</dd>
        </dl>
      </section>
      <section className="card">
        {details.length ? (
          <details open>
            <summary>{w.details(details.length)}</summary>
            <ol className="timeline" data-testid="track-details">
              {details.map((d) => (
                <li key={`${d.status_date}${d.name}${d.status_message}`}>
                  <span className="what" dir="auto">{d.name === 'BOOKED' ? w.steps.booked : d.name}</span>
                  {d.status_message && d.status_message !== d.name ? <span className="msg" dir="auto">{d.status_message}</span> : null}
                  <time dateTime={d.status_date}>{dateOf(d.status_date, lang, timeZone, true)}</time>
                </li>
              ))}
            </ol>
          </details>
        ) : <p className="empty" data-testid="track-no-progress">{w.noProgress}</p>}
      </section>
    </Document>
  );
}

/** What the page says instead of a parcel: unknown number, a failure, or too many requests. */
export function MessagePage({ lang, links, title, text, number, tryAgain, testId }: {
  lang: Lang; links: PageLinks; title: string; text: string; number?: string; tryAgain: boolean; testId: string;
}) {
  const w = WORDS[lang];
  return (
    <Document lang={lang} title={title} links={links}>
      <section className="card status stopped" data-testid={testId}>
        <h1 className="now">{title}</h1>
        <p className="note">{text}</p>
        {number ? <p className="note">{w.trackingNumber}: <b><bdi>{number}</bdi></b></p> : null}
        {tryAgain ? <a className="again" href={links.self} data-testid="track-try-again">{w.tryAgain}</a> : null}
      </section>
    </Document>
  );
}
