// Starts Sanqi on the page: checks what the browser must have, loads the program with its
// progress shown, hands it the canvas, and offers the page to work offline.
import init, { start, widgets } from './sanqi.js';

// The size of sanqi_bg.wasm, written in by scripts/build-web.sh, for the progress bar.
const WASM_BYTES = Number('__WASM_BYTES__') || 0;

const chinese = (navigator.languages || [navigator.language || 'en'])
  .some((l) => /^zh\b/i.test(l || ''));
const say = chinese
  ? {
      loading: '正在载入三棋…',
      starting: '正在启动…',
      missing: (what) => `三棋需要 ${what}，此浏览器没有提供：请用新版的 Chrome、Edge、Firefox 或 Safari 打开本页。`,
      failed: (why) => `三棋无法启动：${why}`,
      percent: (p) => `正在载入三棋… ${p}%`,
    }
  : {
      loading: 'Loading Sanqi…',
      starting: 'Starting…',
      missing: (what) => `Sanqi needs ${what}, which this browser does not offer: open this page in a current Chrome, Edge, Firefox or Safari.`,
      failed: (why) => `Sanqi could not start: ${why}`,
      percent: (p) => `Loading Sanqi… ${p}%`,
    };
document.documentElement.lang = chinese ? 'zh-CN' : 'en';

const loading = document.getElementById('loading');
const fill = loading.querySelector('.fill');
const status = loading.querySelector('.status');
status.textContent = say.loading;

function fail(text) {
  loading.classList.add('failed');
  status.textContent = text;
  window.sanqi.failed = text;
}

// What the tests read: when the first frame was drawn, whether start-up failed, the compiled
// program (for a worker of their own) and the controls on the screen.
window.sanqi = { firstFrame: null, failed: null, module: null, widgets: () => [] };

function missing() {
  const lacks = [];
  if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
    lacks.push('WebAssembly');
  }
  const probe = document.createElement('canvas');
  let gl = null;
  try {
    gl = probe.getContext('webgl2') || probe.getContext('webgl');
  } catch (e) {
    gl = null;
  }
  if (!gl) lacks.push('WebGL');
  if (typeof Worker !== 'function') lacks.push('Web Workers');
  return lacks;
}

async function fetchWithProgress(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  if (!response.body || !WASM_BYTES) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    const percent = Math.min(99, Math.floor((100 * received) / WASM_BYTES));
    fill.style.width = `${percent}%`;
    status.textContent = say.percent(percent);
  }
  const bytes = new Uint8Array(received);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

async function main() {
  const lacks = missing();
  if (lacks.length) {
    fail(say.missing(lacks.join(chinese ? '、' : ' and ')));
    return;
  }
  try {
    const bytes = await fetchWithProgress('sanqi_bg.wasm');
    fill.style.width = '100%';
    status.textContent = say.starting;
    const module = await WebAssembly.compile(bytes);
    await init({ module_or_path: module });
    window.sanqi.module = module;
    window.sanqi.widgets = () => JSON.parse(widgets());
    await start(document.getElementById('sanqi'));
  } catch (e) {
    fail(say.failed((e && e.message) || String(e)));
    return;
  }
  // The first frame is drawn on the next animation frame after the start.
  requestAnimationFrame(() => requestAnimationFrame(() => {
    window.sanqi.firstFrame = performance.now();
    loading.remove();
  }));
  if ('serviceWorker' in navigator && window.isSecureContext) {
    navigator.serviceWorker.register('sw.js').catch(() => {});
  }
}

main();
