/**
 * The proof in a real browser: the page of `npm run demo`
 * (examples/precognition-form), served from another origin than the API,
 * validates the example echo action as the user types with the real
 * `laravel-precognition` client in headless Chromium, then submits it. CORS
 * runs with its defaults. Every wait is bounded; the browser and the demo
 * process are stopped in a `finally`.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ConsoleMessage, HTTPRequest, HTTPResponse, Page } from 'puppeteer-core';
import { request } from 'undici';
import { launchChromium, type Chromium } from '../helpers/browser.js';

const DEMO = fileURLToPath(new URL('../../examples/precognition-form/demo.js', import.meta.url));
// Only bounds how long a step may hang (as swagger-ui.int.test.ts does): a browser on a busy machine is slow to start.
const WAIT = 15_000;
const TOO_LONG = 'The message field must not be greater than 255 characters.';
const REQUIRED = 'The message field is required.';

interface RunningDemo {
  readonly child: ChildProcess;
  /** The API's origin, as the demo prints it. */
  readonly apiUrl: string;
  readonly pageUrl: string;
}

/** Runs the demo as `npm run demo` does, on free ports, until it prints both URLs. */
function startDemo(): Promise<RunningDemo> {
  const child = spawn(process.execPath, [DEMO], {
    env: { ...process.env, API_PORT: '0', PAGE_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const fail = (reason: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${reason}; it printed: ${output}`));
    };
    const timer = setTimeout(() => fail('the demo did not start within 10 s'), 10_000);
    child.once('exit', (code) => fail(`the demo exited with ${code}`));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const api = /^API: +(http:\/\/127\.0\.0\.1:\d+)\/api\/system\?action=echo$/m.exec(output);
      const page = /^Page: +(http:\/\/127\.0\.0\.1:\d+\/)/m.exec(output);
      if (api?.[1] !== undefined && page?.[1] !== undefined) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve({ child, apiUrl: api[1], pageUrl: page[1] });
      }
    });
  });
}

/** Sends `signal` and returns the exit code, or 'timeout' (then the process is killed) after 5 s. */
function stopDemo(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null | 'timeout'> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve('timeout');
    }, 5_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill(signal);
  });
}

const isPrediction = (req: HTTPRequest): boolean => req.headers()['precognition'] === 'true';

/** The answer to the prediction sent for `message` (register before acting). */
function prediction(page: Page, echoUrl: string, message: string): Promise<HTTPResponse> {
  const body = JSON.stringify({ message });
  return page.waitForResponse(
    (response) =>
      response.url() === echoUrl &&
      response.request().method() === 'POST' &&
      isPrediction(response.request()) &&
      response.request().postData() === body,
    { timeout: WAIT },
  );
}

/** What went wrong in the page so far: console errors and failed requests. */
class Trouble {
  readonly consoleErrors: string[] = [];
  readonly failures: string[] = [];

  /** Awaits `promise`; a failure (a timeout...) is reported with what the page saw. */
  async within<T>(what: string, promise: Promise<T>): Promise<T> {
    try {
      return await promise;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(
        `${what}: ${reason}\n  console errors: ${JSON.stringify(this.consoleErrors)}\n  failed requests: ${JSON.stringify(this.failures)}`,
      );
    }
  }

  async waitForText(page: Page, selector: string, text: string): Promise<void> {
    const expression = `document.querySelector(${JSON.stringify(selector)})?.textContent === ${JSON.stringify(text)}`;
    const shown = () => page.$eval(selector, (element) => element.textContent);
    await this.within(
      `${selector} should show ${JSON.stringify(text)}`,
      page.waitForFunction(expression, { timeout: WAIT }).catch(async (error: Error) => {
        throw new Error(`${error.message}; it shows ${JSON.stringify(await shown())}`);
      }),
    );
  }
}

const test = suite('the Precognition form in headless Chromium (npm run demo)');

test('validates live from another origin, clears the error on a 204 prediction, submits and shows the echo', async () => {
  const demo = await startDemo();
  const echoUrl = `${demo.apiUrl}/api/system?action=echo`;
  let chromium: Chromium | undefined;
  let exit: number | null | 'timeout';
  try {
    assert.is.not(new URL(demo.pageUrl).origin, demo.apiUrl, 'the page and the API are different origins');
    chromium = await launchChromium();
    const page = await chromium.browser.newPage();
    page.setDefaultTimeout(WAIT);

    // Chromium's network layer logs every 4xx answer to a script's request
    // as a console error; the 422 predictions are the expected answers.
    // Anything else the console reports as an error fails the test.
    const expected422 = (message: ConsoleMessage) =>
      message.location().url === echoUrl && /^Failed to load resource: .*status of 422\b/.test(message.text());
    const trouble = new Trouble();
    const { consoleErrors, failures } = trouble;
    page.on('console', (message) => {
      if (message.type() === 'error' && !expected422(message)) consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error instanceof Error ? error.message : String(error)}`));
    page.on('requestfailed', (req) => failures.push(`${req.method()} ${req.url()}: ${req.failure()?.errorText}`));
    page.on('response', (response) => {
      const status = response.status();
      if (status >= 400 && !(status === 422 && isPrediction(response.request()))) {
        failures.push(`${response.request().method()} ${response.url()}: ${status}`);
      }
    });

    await page.goto(demo.pageUrl, { waitUntil: 'load', timeout: WAIT });

    const tooLong = 'x'.repeat(256);
    let answer = prediction(page, echoUrl, tooLong);
    await page.type('#message', tooLong);
    assert.is((await trouble.within('the prediction for 256 characters', answer)).status(), 422);
    await trouble.waitForText(page, '#message-error', TOO_LONG);

    answer = prediction(page, echoUrl, '');
    await page.click('#message', { count: 3 }); // selects the whole value
    await page.keyboard.press('Backspace');
    assert.is((await trouble.within('the prediction for an empty message', answer)).status(), 422);
    await trouble.waitForText(page, '#message-error', REQUIRED);

    answer = prediction(page, echoUrl, 'hello');
    await page.type('#message', 'hello');
    const success = await trouble.within('the prediction for hello', answer);
    assert.is(success.status(), 204);
    assert.is(success.headers()['precognition-success'], 'true');
    assert.is(success.headers()['access-control-allow-origin'], '*', 'CORS with its defaults');
    await trouble.waitForText(page, '#message-error', '');

    const submitted = page.waitForResponse(
      (response) => response.url() === echoUrl && response.request().method() === 'POST' && !isPrediction(response.request()),
      { timeout: WAIT },
    );
    await page.click('button[type="submit"]');
    const real = await trouble.within('the real request', submitted);
    assert.is(real.status(), 200, 'the real request runs the action');
    assert.equal(await real.json(), { message: 'hello' });
    await trouble.waitForText(page, '#result', 'hello');

    assert.equal(consoleErrors, [], 'no console errors');
    assert.equal(failures, [], 'no failed requests');
  } finally {
    await chromium?.close();
    exit = await stopDemo(demo.child, 'SIGTERM');
  }
  assert.is(exit, 0, 'the demo exits 0 on SIGTERM');
});

test('serves only the page and its script, and stops both servers on SIGINT', async () => {
  const demo = await startDemo();
  let exit: number | null | 'timeout';
  try {
    const page = await request(demo.pageUrl);
    assert.is(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.ok((await page.body.text()).includes(`<meta name="api-url" content="${demo.apiUrl}">`), 'the page knows the API origin');
    const script = await request(`${demo.pageUrl}form.js`);
    assert.is(script.statusCode, 200);
    assert.match(String(script.headers['content-type']), /^text\/javascript/);
    assert.ok((await script.body.text()).includes('Precognition-Validate-Only'), 'the bundle holds the laravel-precognition client');
    const missing = await request(`${demo.pageUrl}../package.json`);
    assert.is(missing.statusCode, 404);
    await missing.body.dump();
    const post = await request(demo.pageUrl, { method: 'POST', body: 'x' });
    assert.is(post.statusCode, 405);
    assert.is(post.headers.allow, 'GET, HEAD');
    await post.body.dump();
  } finally {
    exit = await stopDemo(demo.child, 'SIGINT');
  }
  assert.is(exit, 0, 'the demo exits 0 on SIGINT');
  for (const url of [demo.pageUrl, `${demo.apiUrl}/api/system?action=status`]) {
    const refused = await request(url).then(
      () => false,
      () => true,
    );
    assert.ok(refused, `${url} no longer answers`);
  }
});

test.run();
