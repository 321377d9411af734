// A data buyer's first call, ready to copy: download (resuming a broken one with HTTP Range) and
// stream (one JSON object per line) in curl, Python and JavaScript, with the buyer's own endpoint
// and key. api/domain/delivery/examples.http.test.ts runs every one of them against a live server.

export const EXAMPLE_LANGUAGES = ['curl', 'python', 'javascript'] as const;
export type ExampleLanguage = (typeof EXAMPLE_LANGUAGES)[number];
export type ExampleAction = 'download' | 'stream';

export const LANGUAGE_LABELS: Record<ExampleLanguage, string> = { curl: 'curl', python: 'Python', javascript: 'JavaScript' };

export interface ExampleTarget {
  /** e.g. https://datapit.example */
  origin: string;
  /** The purchase's download path (/api/data/download/{contractId}). */
  downloadPath: string;
  /** The purchase's stream path (/api/data/stream/{contractId}). */
  streamPath: string;
  /** The key, or a placeholder naming its prefix (keyForExamples). */
  apiKey: string;
  /** Where the download is saved, e.g. data.csv. */
  fileName: string;
}

/** The file a download is saved to: data.<format>, from the listing's data format. */
export function downloadFileName(dataFormat: string | null | undefined): string {
  const ext = (dataFormat ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
  return `data.${ext || 'bin'}`;
}

/** Double-quoted string literal for the three languages (a key or URL never holds a quote, but a placeholder holds "…"). */
const quoted = (text: string) => JSON.stringify(text);

/** One ready-to-copy example. */
export function dataExample(language: ExampleLanguage, action: ExampleAction, t: ExampleTarget): string {
  const url = t.origin + (action === 'download' ? t.downloadPath : t.streamPath);
  switch (`${language}:${action}`) {
    case 'curl:download':
      // -C - asks for the bytes after those already in the file: run it again to resume.
      return [`curl -f -C - -H ${quoted(`X-API-Key: ${t.apiKey}`)} \\`, `  -o ${quoted(t.fileName)} \\`, `  ${quoted(url)}`].join('\n');
    case 'curl:stream':
      return [`curl -f -N -H ${quoted(`X-API-Key: ${t.apiKey}`)} \\`, `  ${quoted(url)} \\`, `  -o data.ndjson`].join('\n');
    case 'python:download':
      return [
        'import os',
        'import requests',
        '',
        `url = ${quoted(url)}`,
        `path = ${quoted(t.fileName)}`,
        `headers = {"X-API-Key": ${quoted(t.apiKey)}}`,
        '',
        '# Resume: ask only for the bytes not on disk yet.',
        'have = os.path.getsize(path) if os.path.exists(path) else 0',
        'if have:',
        '    headers["Range"] = f"bytes={have}-"',
        '',
        'with requests.get(url, headers=headers, stream=True, timeout=60) as r:',
        '    if r.status_code == 416:',
        '        print("already complete")',
        '    else:',
        '        r.raise_for_status()',
        '        # 206: the rest of the file; 200: the whole file again.',
        '        with open(path, "ab" if r.status_code == 206 else "wb") as f:',
        '            for chunk in r.iter_content(chunk_size=1 << 20):',
        '                f.write(chunk)',
      ].join('\n');
    case 'python:stream':
      return [
        'import json',
        'import requests',
        '',
        `url = ${quoted(url)}`,
        `headers = {"X-API-Key": ${quoted(t.apiKey)}}`,
        '',
        'with requests.get(url, headers=headers, stream=True, timeout=60) as r:',
        '    r.raise_for_status()',
        '    for line in r.iter_lines():',
        '        if line:',
        '            row = json.loads(line)',
        '            print(row)',
      ].join('\n');
    case 'javascript:download':
      return [
        '// Node.js 18 or later, as an ES module (download.mjs)',
        'import fs from "node:fs";',
        'import { Readable } from "node:stream";',
        'import { pipeline } from "node:stream/promises";',
        '',
        `const url = ${quoted(url)};`,
        `const path = ${quoted(t.fileName)};`,
        '',
        '// Resume: ask only for the bytes not on disk yet.',
        'const have = fs.existsSync(path) ? fs.statSync(path).size : 0;',
        `const headers = { "X-API-Key": ${quoted(t.apiKey)}, ...(have ? { Range: \`bytes=\${have}-\` } : {}) };`,
        'const res = await fetch(url, { headers });',
        'if (res.status === 416) {',
        '  console.log("already complete");',
        '} else {',
        '  if (!res.ok) throw new Error(`HTTP ${res.status}: ${await res.text()}`);',
        '  // 206: the rest of the file; 200: the whole file again.',
        '  await pipeline(Readable.fromWeb(res.body), fs.createWriteStream(path, { flags: res.status === 206 ? "a" : "w" }));',
        '}',
      ].join('\n');
    case 'javascript:stream':
    default:
      return [
        '// Node.js 18 or later, as an ES module (stream.mjs)',
        `const url = ${quoted(url)};`,
        `const res = await fetch(url, { headers: { "X-API-Key": ${quoted(t.apiKey)} } });`,
        'if (!res.ok) throw new Error(`HTTP ${res.status}: ${await res.text()}`);',
        '',
        '// One JSON object per line; a chunk may end mid-line.',
        'const decoder = new TextDecoder();',
        'let pending = "";',
        'for await (const chunk of res.body) {',
        '  pending += decoder.decode(chunk, { stream: true });',
        '  const lines = pending.split("\\n");',
        '  pending = lines.pop();',
        '  for (const line of lines) if (line) console.log(JSON.parse(line));',
        '}',
        'if (pending.trim()) console.log(JSON.parse(pending));',
      ].join('\n');
  }
}
