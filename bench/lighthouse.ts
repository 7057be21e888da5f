// npm run lighthouse [-- --skip-build]: builds the site, starts it on a fresh demo install and runs Lighthouse
// (mobile, default simulated throttling) in Debian's Chromium on the home, listing, detail and article pages.
// Scores and transferred bytes go into docs/performance.md; the full reports stay in data/lighthouse/.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as prettier from 'prettier';
import { freePort, ROOT, startServer } from './server.ts';

const { values: args } = parseArgs({
  options: { 'skip-build': { type: 'boolean', default: false }, runs: { type: 'string', default: '3' } },
});
/** Simulated throttling scales what the machine did, so one run can be ten points off: the median of several is kept. */
const RUNS = Math.max(1, Number(args.runs));
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const DOC = path.join(ROOT, 'docs/performance.md');
const START = '<!-- lighthouse:start -->';
const END = '<!-- lighthouse:end -->';

interface PageResult {
  page: string;
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** The lowest and highest performance score over the runs. */
  performanceRange: [number, number];
  transferredBytes: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  lcpElement: string;
}

const dataDir = path.join(ROOT, 'data/lighthouse');

async function firstSlug(base: string, api: string): Promise<string> {
  const body = await fetch(`${base}/api/${api}`).then((r) => r.json());
  const slug = body.data?.items?.[0]?.slug_id ?? body.data?.[0]?.slug_id;
  if (!slug) throw new Error(`no slug in /api/${api}`);
  return slug;
}

function audit(lhr: { audits: Record<string, { numericValue?: number; details?: unknown }> }, id: string) {
  return lhr.audits[id];
}

/** The LCP element's selector as Lighthouse names it (its details hold a table with one node). */
function lcpElement(details: unknown): string {
  const text = JSON.stringify(details ?? {});
  return /"selector":"([^"]+)"/.exec(text)?.[1] ?? /"nodeLabel":"([^"]+)"/.exec(text)?.[1] ?? 'unknown';
}

async function main() {
  if (!args['skip-build']) {
    const build = spawnSync('astro', ['build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('astro build failed');
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server = await startServer({ port: await freePort(), dataDir, seedDemoData: true });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const results: PageResult[] = [];
  let version = '';
  try {
    const pages = [
      { page: 'Home', path: '/' },
      { page: 'Listings', path: '/properties' },
      {
        page: 'Listing detail',
        path: `/properties-details/${await firstSlug(server.url, 'get-property-list?limit=1')}`,
      },
      { page: 'Article', path: `/articles/${await firstSlug(server.url, 'get_articles?limit=1')}` },
    ];
    for (const page of pages) {
      // One untimed visit first: the server's shared reads and the browser's connection start warm for every run.
      await fetch(server.url + page.path);
      const runs: { result: PageResult; report: string }[] = [];
      for (let attempt = 1; runs.length < RUNS; attempt++) {
        // Mobile form factor and simulated throttling are Lighthouse's defaults.
        const run = await lighthouse(server.url + page.path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!run) throw new Error(`no Lighthouse result for ${page.path}`);
        const { lhr } = run;
        version = lhr.lighthouseVersion;
        // A run Lighthouse could not finish has no scores: said and run again, not counted as a score of 0.
        if (lhr.runtimeError || CATEGORIES.some((c) => lhr.categories[c]?.score == null)) {
          const reason = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : 'a score missing';
          console.warn(`  ${page.path}: run ${attempt} failed (${reason})`);
          if (attempt >= RUNS * 2) throw new Error(`Lighthouse failed ${attempt - runs.length} runs of ${page.path}`);
          continue;
        }
        runs.push({
          report: run.report as string,
          result: {
            ...page,
            scores: Object.fromEntries(
              CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
            ) as PageResult['scores'],
            performanceRange: [0, 0],
            transferredBytes: audit(lhr, 'total-byte-weight')?.numericValue ?? 0,
            lcpMs: audit(lhr, 'largest-contentful-paint')?.numericValue ?? 0,
            tbtMs: audit(lhr, 'total-blocking-time')?.numericValue ?? 0,
            cls: audit(lhr, 'cumulative-layout-shift')?.numericValue ?? 0,
            lcpElement: lcpElement(audit(lhr, 'largest-contentful-paint-element')?.details),
          },
        });
      }
      runs.sort((a, b) => a.result.scores.performance - b.result.scores.performance);
      const median = runs[Math.floor(runs.length / 2)]!;
      const result = {
        ...median.result,
        performanceRange: [runs[0]!.result.scores.performance, runs.at(-1)!.result.scores.performance] as [
          number,
          number,
        ],
      };
      fs.writeFileSync(path.join(dataDir, `${page.page.toLowerCase().replace(/\W+/g, '-')}.json`), median.report);
      console.warn(
        `  ${page.path}: ${JSON.stringify(result.scores)} (performance ${result.performanceRange.join('–')} over ${RUNS} runs), ${(result.transferredBytes / 1024).toFixed(0)} KiB`,
      );
      results.push(result);
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  await writeDoc(results, version);
}

async function writeDoc(results: PageResult[], version: string) {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  const table = [
    `Lighthouse ${version}, mobile, simulated throttling, Chromium ${chromiumVersion()}, ${new Date().toISOString().slice(0, 10)}; the median of ${RUNS} runs per page (performance range in brackets):`,
    '',
    '| Page | Performance | Accessibility | Best practices | SEO | Transferred | LCP | TBT | CLS | LCP element |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...results.map(
      (r) =>
        `| ${r.page} (\`${r.path.length > 40 ? r.path.slice(0, 40) + '…' : r.path}\`) | ${r.scores.performance} (${r.performanceRange.join('–')}) | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${kib(r.transferredBytes)} | ${(r.lcpMs / 1000).toFixed(1)} s | ${r.tbtMs.toFixed(0)} ms | ${r.cls.toFixed(3)} | \`${r.lcpElement.replace(/\|/g, '\\|')}\` |`,
    ),
  ].join('\n');
  const doc = fs.readFileSync(DOC, 'utf8');
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${DOC} has no ${START} … ${END} section`);
  const updated = `${doc.slice(0, start + START.length)}\n\n${table}\n\n${doc.slice(end)}`;
  // Formatted like every other file, so `npm run lint` stays green after a run.
  const config = await prettier.resolveConfig(DOC);
  fs.writeFileSync(DOC, await prettier.format(updated, { ...config, filepath: DOC }));
  console.warn(`  written to ${path.relative(ROOT, DOC)}`);
}

function chromiumVersion(): string {
  const out = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout ?? '';
  return /[\d.]+/.exec(out)?.[0] ?? '';
}

await main();
