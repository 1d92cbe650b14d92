import http from 'node:http';

/** Bytes of a response body as they travel (no decoding), with the given Accept-Encoding. */
export function wireBytes(url: string, acceptEncoding: string, headers: Record<string, string> = {}): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { ...headers, 'accept-encoding': acceptEncoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => {
        if ((response.statusCode ?? 500) >= 400) reject(new Error(`${url} answered ${response.statusCode}`));
        else resolve({ bytes, encoding: String(response.headers['content-encoding'] ?? 'identity') });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
