// A Web Worker of Sanqi: the page sends it the compiled program first, then jobs (a search,
// an analysis), which the program does here and answers with postMessage, so that the page
// keeps drawing while the computer thinks.
import init, { worker_job } from './sanqi.js';

let ready = null;

self.onmessage = async (event) => {
  const data = event.data;
  if (data && typeof data === 'object' && data.module) {
    ready = init({ module_or_path: data.module });
    await ready;
    return;
  }
  await ready;
  worker_job(data);
};
