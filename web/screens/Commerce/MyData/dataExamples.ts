// A data buyer's first call, ready to copy, in curl, Python and JavaScript, with the buyer's own
// endpoint and key: for a file, the download (resuming a broken one with HTTP Range, only into the
// same version of the file: If-Range with the ETag saved beside it) and the stream (one JSON object
// per line); for a listing delivered by the provider's link, the call that answers that link and its
// instructions. api/domain/delivery/examples.http.test.ts runs every one of them against a live server.

export const EXAMPLE_LANGUAGES = ['curl', 'python', 'javascript'] as const;
export type ExampleLanguage = (typeof EXAMPLE_LANGUAGES)[number];
/** download and stream fetch the file; link asks for the provider's link of a listing delivered that way. */
export type ExampleAction = 'download' | 'stream' | 'link';

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
  const url = t.origin + (action === 'stream' ? t.streamPath : t.downloadPath);
  switch (`${language}:${action}`) {
    case 'curl:download':
      return [
        `KEY=${quoted(t.apiKey)}`,
        `URL=${quoted(url)}`,
        `OUT=${quoted(t.fileName)}`,
        '# Run it again to resume a broken download: only into the same version of the file',
        '# (If-Range sends the ETag saved beside it; a changed file comes whole). A complete',
        '# file answers 416: nothing is left to send.',
        'get() { curl -f -H "X-API-Key: $KEY" --etag-save "$OUT.etag" -o "$OUT" -w "%{http_code}" "$@" "$URL"; }',
        'if [ -s "$OUT" ] && [ -s "$OUT.etag" ]; then',
        '  CODE=$(get -C - -H "If-Range: $(cat "$OUT.etag")") || case "$CODE" in',
        '    416) echo "already complete" ;;',
        '    200) echo "the file changed: downloading it whole"; rm -f "$OUT"; get >/dev/null ;;',
        '    *) false ;;',
        '  esac',
        'else',
        '  get >/dev/null',
        'fi',
      ].join('\n');
    case 'curl:stream':
      return [`curl -f -N -H ${quoted(`X-API-Key: ${t.apiKey}`)} \\`, `  ${quoted(url)} \\`, `  -o data.ndjson`].join('\n');
    case 'curl:link':
      return [
        "# This listing is delivered by its provider: the answer is their link and instructions",
        '# (JSON). Your DATA PIT key opens this call only, not the provider\'s site.',
        `curl -f -H ${quoted(`X-API-Key: ${t.apiKey}`)} \\`,
        `  ${quoted(url)}`,
      ].join('\n');
    case 'python:download':
      return [
        'import os',
        'import requests',
        '',
        `url = ${quoted(url)}`,
        `path = ${quoted(t.fileName)}`,
        `headers = {"X-API-Key": ${quoted(t.apiKey)}}`,
        '',
        '# Resume a broken download only into the same version of the file: If-Range sends the',
        '# ETag saved beside it, so a changed file comes whole (200) instead of being appended to.',
        'tag_path = path + ".etag"',
        'tag = open(tag_path).read().strip() if os.path.exists(tag_path) else ""',
        'if tag and os.path.exists(path):',
        '    headers["Range"] = f"bytes={os.path.getsize(path)}-"',
        '    headers["If-Range"] = tag',
        '',
        'with requests.get(url, headers=headers, stream=True, timeout=60) as r:',
        '    if r.status_code == 416:',
        '        print("already complete")  # nothing left to send',
        '    else:',
        '        r.raise_for_status()',
        '        with open(tag_path, "w") as f:',
        '            f.write(r.headers.get("ETag", ""))',
        '        # 206: the rest of the file; 200: the whole file.',
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
    case 'python:link':
      return [
        'import requests',
        '',
        `url = ${quoted(url)}`,
        `headers = {"X-API-Key": ${quoted(t.apiKey)}}`,
        '',
        '# This listing is delivered by its provider: the answer is their link and instructions.',
        "# Your DATA PIT key opens this call only, not the provider's site.",
        'r = requests.get(url, headers=headers, timeout=60)',
        'r.raise_for_status()',
        'access = r.json()',
        'print(access["dataAccessUrl"])',
        'print(access["accessInstructions"] or "")',
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
        `const headers = { "X-API-Key": ${quoted(t.apiKey)} };`,
        '',
        '// Resume a broken download only into the same version of the file: If-Range sends the',
        '// ETag saved beside it, so a changed file comes whole (200) instead of being appended to.',
        'const tagPath = `${path}.etag`;',
        'const tag = fs.existsSync(tagPath) ? fs.readFileSync(tagPath, "utf8").trim() : "";',
        'if (tag && fs.existsSync(path)) Object.assign(headers, { Range: `bytes=${fs.statSync(path).size}-`, "If-Range": tag });',
        'const res = await fetch(url, { headers });',
        'if (res.status === 416) {',
        '  console.log("already complete"); // nothing left to send',
        '} else {',
        '  if (!res.ok) throw new Error(`HTTP ${res.status}: ${await res.text()}`);',
        '  fs.writeFileSync(tagPath, res.headers.get("etag") ?? "");',
        '  // 206: the rest of the file; 200: the whole file.',
        '  await pipeline(Readable.fromWeb(res.body), fs.createWriteStream(path, { flags: res.status === 206 ? "a" : "w" }));',
        '}',
      ].join('\n');
    case 'javascript:link':
      return [
        '// Node.js 18 or later, as an ES module (link.mjs)',
        `const url = ${quoted(url)};`,
        `const res = await fetch(url, { headers: { "X-API-Key": ${quoted(t.apiKey)} } });`,
        'if (!res.ok) throw new Error(`HTTP ${res.status}: ${await res.text()}`);',
        '',
        '// This listing is delivered by its provider: the answer is their link and instructions.',
        "// Your DATA PIT key opens this call only, not the provider's site.",
        'const { dataAccessUrl, accessInstructions } = await res.json();',
        'console.log(dataAccessUrl);',
        'console.log(accessInstructions ?? "");',
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
