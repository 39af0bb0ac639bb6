/** A multipart body with `multipartFile`, serialised so its length is declared as a browser declares it. */
export async function multipartUpload(name: string, content: string | Uint8Array): Promise<{ body: ArrayBuffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append('multipartFile', new Blob([content as BlobPart]), name);
  const encoded = new Response(form);
  const body = await encoded.arrayBuffer();
  return { body, headers: { 'content-type': encoded.headers.get('content-type')!, 'content-length': String(body.byteLength) } };
}
