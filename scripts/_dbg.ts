import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium.ts';
const url = process.argv[2]!;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36' });
const page = await context.newPage();
await page.goto(url);
await page.waitForSelector('#root[data-ready]', { timeout: 30000 });
console.log(await page.evaluate(() => {
  const s = JSON.parse(document.getElementById('page-state')?.textContent ?? 'null');
  return JSON.stringify({ path: s?.path, search: s?.search, locale: s?.locale, robot: s?.robot, audience: s?.audience, flags: s?.flags?.values, clientState: s?.clientState,
    browserFlags: (window as any).__experiments?.flags?.values, ls: { ...localStorage }, lang: document.documentElement.lang, loc: location.pathname + location.search, webdriver: navigator.webdriver });
}));
await browser.close();
