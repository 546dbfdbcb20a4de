import { createHash } from 'node:crypto';

/**
 * The page's only style, inlined: no request for a stylesheet or a web font on a slow line. Urdu uses
 * the Nastaliq or Naskh face the phone already has (Android ships Noto Naskh), never a download.
 * High contrast throughout (body text 15:1, status colours over 7:1) for a screen read outdoors.
 */
export const CSS = `*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#eef1f4;color:#101418;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Arial,sans-serif}
[lang=ur] body{font-family:"Noto Nastaliq Urdu","Jameel Noori Nastaleeq","Noto Naskh Arabic","Urdu Typesetting",Tahoma,system-ui,sans-serif;line-height:1.9}
a{color:#0b4f9c}
.top{background:#0f2a44;color:#fff;padding:12px 16px}
.bar{max-width:560px;margin:0 auto;display:flex;align-items:center;justify-content:space-between;gap:12px}
.store{font-weight:700;font-size:18px;overflow-wrap:anywhere}
.lang{color:#fff;border:1px solid #9fb3c8;border-radius:8px;padding:6px 12px;text-decoration:none;font-weight:600;white-space:nowrap}
main{max-width:560px;margin:0 auto;padding:16px}
.card{background:#fff;border:1px solid #d5dbe1;border-radius:12px;padding:16px;margin:0 0 12px}
.hello{margin:0;font-size:17px}
h1{margin:2px 0 0;font-size:20px;line-height:1.35}
h2{margin:0 0 10px;font-size:17px}
.status{border-width:2px;border-inline-start-width:8px}
.label{margin:0;font-size:14px;font-weight:600;color:#3c4650;text-transform:uppercase;letter-spacing:.04em}
[lang=ur] .label{text-transform:none;letter-spacing:0}
.now{margin:2px 0 4px;font-size:30px;font-weight:800;line-height:1.25}
.note{margin:0}
.stale{margin-top:8px}
.moving{border-color:#0b4f9c}.moving .now{color:#0b4f9c}
.done{border-color:#0a6b34}.done .now{color:#0a6b34}
.stopped{border-color:#a3161b}.stopped .now{color:#a3161b}
.back{border-color:#8a4600}.back .now{color:#8a4600}
.steps{list-style:none;margin:0;padding:0;display:flex;gap:6px}
.steps li{flex:1;text-align:center;font-size:14px;font-weight:600;color:#3c4650}
.steps b{display:block;margin:0 auto 4px;width:34px;height:34px;line-height:30px;border-radius:50%;border:2px solid #8795a1;background:#fff;color:#3c4650;font-size:16px}
.steps .s-done b{background:#0a6b34;border-color:#0a6b34;color:#fff}
.steps .s-current b{background:#0b4f9c;border-color:#0b4f9c;color:#fff}
.steps .s-stopped b{background:#a3161b;border-color:#a3161b;color:#fff}
.steps .s-current,.steps .s-stopped{color:#101418}
dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:6px 16px}
dt{color:#3c4650}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
summary{cursor:pointer;font-weight:700;font-size:17px;padding:4px 0}
.timeline{list-style:none;margin:10px 0 0;padding:0}
.timeline li{padding:10px 0;border-top:1px solid #e1e6eb}
.timeline .what{font-weight:600;display:block}
.timeline .msg{display:block}
.timeline time{color:#3c4650;font-size:14px}
[dir=rtl] .timeline li{text-align:right}
.empty{margin:10px 0 0;color:#3c4650}
.again{display:inline-block;margin-top:12px;background:#0b4f9c;color:#fff;border-radius:8px;padding:10px 18px;font-weight:700;text-decoration:none}
footer{max-width:560px;margin:0 auto;padding:4px 16px 24px;color:#3c4650;font-size:13px;text-align:center}
@media (min-width:720px){main{padding-top:28px}.now{font-size:34px}}`;

/** The CSP names this exact style by its hash: an injected style element or attribute is refused. */
export const CSS_HASH = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;

/**
 * As strict as the dashboard's and more: nothing may load or run but this one style (no script at
 * all, no form, no frame), and the page may not be framed.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  `style-src ${CSS_HASH}`,
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
