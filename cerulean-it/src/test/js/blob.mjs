// The JavaScript Blob SDK (@azure/storage-blob) against a running Cerulean server.
//
//   node blob.mjs "<connection string with AccountName, AccountKey and BlobEndpoint>"
//
// e.g. node blob.mjs "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8...GMGw==;BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;"
//
// Everything goes through the SDK: BlobServiceClient.fromConnectionString, the container and blob
// clients it hands out, and blob clients built on SAS URLs. Retries are off, so every server error is
// seen as it was sent. Every request is recorded; set DEBUG_BLOB=1 to print them all, and on failure
// the last ones are printed anyway. Bytes are compared by SHA-256 digest, never by eye.
// Prints one line per step and `BLOB OK` at the end; exits non-zero if a step failed.

import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import {
  AnonymousCredential,
  BlobSASPermissions,
  BlobServiceClient,
  BlockBlobClient,
  StorageSharedKeyCredential,
  generateBlobSASQueryParameters,
} from "@azure/storage-blob";
import { Recorder, args, collect, describe, expectRestError, settingsOf, steps, unique } from "./harness.mjs";

const [connectionString] = args("blob.mjs", "connection string");
const { AccountName: accountName, AccountKey: accountKey, BlobEndpoint: blobEndpoint } =
  settingsOf(connectionString, "AccountName", "AccountKey", "BlobEndpoint");

// Every request recorded as it goes on the wire (DEBUG_BLOB=1 prints them all).
const recorder = new Recorder("ceruleanBlobRecorder", "DEBUG_BLOB");
const recorded = (client) => recorder.attach(client);
const exchanges = recorder.exchanges;
const lastStatus = () => recorder.lastStatus();
const pipelineOptions = () => ({ retryOptions: { maxTries: 1 } }); // see server errors, never retry them away

const service = recorded(BlobServiceClient.fromConnectionString(connectionString, pipelineOptions()));
const credential = new StorageSharedKeyCredential(accountName, accountKey);
const suffix = unique("");
const containerName = `jsb-${suffix}`;
const container = service.getContainerClient(containerName);
const { step, run } = steps("BLOB", recorder);

// ---------------------------------------------------------------------------------------------
// Helpers

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");
const md5 = (bytes) => createHash("md5").update(bytes).digest();

/** Reads a download's Node stream to its end, digesting it; returns the digest and the length. */
async function digestStream(stream) {
  assert.ok(stream, "the download has no readableStreamBody");
  const hash = createHash("sha256");
  let length = 0;
  for await (const chunk of stream) {
    hash.update(chunk);
    length += chunk.length;
  }
  return { digest: hash.digest("hex"), length };
}

async function downloadText(blob, offset, count) {
  const response = await blob.download(offset, count);
  const chunks = [];
  for await (const chunk of response.readableStreamBody) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

function etagLooksLikeAzure(etag, what) {
  assert.match(etag ?? "", /^"0x[0-9A-F]+"$/, `${what} ETag, quoted 0x + hex`);
}

const KiB = 1024;
const MiB = 1024 * KiB;

// ---------------------------------------------------------------------------------------------
// The scenario

async function main() {
  // Results one step hands to a later one.
  const small = { name: "docs/hello ✓.txt", text: "Hello, Cerulean! <xml> & ümlauts ✓\n" };
  const big = { name: "data/big.bin", bytes: randomBytes(5 * MiB + 12345) };
  const smallBlob = container.getBlockBlobClient(small.name);
  const bigBlob = container.getBlockBlobClient(big.name);
  let smallEtag;
  console.log(`blob endpoint ${blobEndpoint} account ${accountName} container ${containerName}`);
  assert.equal(service.url.replace(/\/$/, ""), blobEndpoint.replace(/\/$/, ""), "the service URL");

  await step("createIfNotExists creates, then 409 ContainerAlreadyExists", async () => {
    const first = await container.createIfNotExists({ metadata: { Owner: "Cerulean" } });
    assert.equal(first.succeeded, true, "first createIfNotExists");
    assert.equal(lastStatus(), 201);
    etagLooksLikeAzure(first.etag, "container");
    const second = await container.createIfNotExists();
    assert.equal(second.succeeded, false, "second createIfNotExists");
    assert.equal(lastStatus(), 409);
    assert.equal(exchanges.at(-1).errorCode, "ContainerAlreadyExists");
    await expectRestError(container.create(), 409, "ContainerAlreadyExists");
    assert.equal(await container.exists(), true);
    await expectRestError(service.getContainerClient("No_Such-Name").create(), 400, "InvalidResourceName");
  });

  await step("container properties and metadata", async () => {
    const props = await container.getProperties();
    assert.deepEqual(props.metadata, { owner: "Cerulean" });
    assert.equal(props.blobPublicAccess, undefined, "private unless asked");
    assert.equal(props.leaseState, "available");
    await container.setMetadata({ Team: "storage", camelCase: "v1" }); // replaces the whole set
    const after = await container.getProperties();
    assert.deepEqual(after.metadata, { team: "storage", camelcase: "v1" });
    assert.notEqual(after.etag, props.etag, "set metadata changes the container's ETag");
    const listed = await collect(service.listContainers({ prefix: containerName, includeMetadata: true }));
    assert.deepEqual(listed.map((c) => c.name), [containerName]);
    assert.deepEqual(listed[0].metadata, { Team: "storage", camelCase: "v1" }, "metadata names keep their case");
  });

  await step("upload a small blob (Put Blob) with headers and metadata", async () => {
    const body = Buffer.from(small.text, "utf8");
    const put = await smallBlob.upload(body, body.length, {
      blobHTTPHeaders: {
        blobContentType: "text/plain; charset=utf-8",
        blobContentLanguage: "en-GB",
        blobContentDisposition: "inline",
        blobCacheControl: "max-age=60",
      },
      metadata: { Author: "Cerulean", kind: "greeting" },
    });
    assert.equal(lastStatus(), 201);
    etagLooksLikeAzure(put.etag, "blob");
    assert.deepEqual(Buffer.from(put.contentMD5 ?? []), md5(body), "Put Blob answers the MD5 it computed");
    smallEtag = put.etag;
    assert.equal(await downloadText(smallBlob), small.text, "the text round-trips");
    const props = await smallBlob.getProperties();
    assert.equal(props.contentLength, body.length);
    assert.equal(props.contentType, "text/plain; charset=utf-8");
    assert.equal(props.contentLanguage, "en-GB");
    assert.equal(props.contentDisposition, "inline");
    assert.equal(props.cacheControl, "max-age=60");
    assert.equal(props.blobType, "BlockBlob");
    assert.equal(props.etag, put.etag);
    assert.deepEqual(Buffer.from(props.contentMD5 ?? []), md5(body), "stored MD5");
    assert.deepEqual(props.metadata, { author: "Cerulean", kind: "greeting" });
  });

  await step("uploadData in 1 MiB blocks, concurrency 4 (Put Block x6, Put Block List)", async () => {
    const before = exchanges.length;
    const put = await bigBlob.uploadData(big.bytes, {
      blockSize: 1 * MiB,
      maxSingleShotSize: 1 * MiB, // so that 5 MiB goes in blocks, not as one Put Blob
      concurrency: 4,
      blobHTTPHeaders: { blobContentType: "application/x-test" },
      metadata: { source: "random" },
    });
    etagLooksLikeAzure(put.etag, "committed blob");
    const sent = exchanges.slice(before);
    const blocks = sent.filter((e) => e.url.includes("comp=block&") || /comp=block$/.test(e.url));
    assert.equal(blocks.length, 6, `Put Block requests: ${sent.map(describe).join("; ")}`);
    assert.ok(blocks.every((e) => e.status === 201), "every Put Block answered 201");
    assert.equal(sent.filter((e) => e.url.includes("comp=blocklist")).length, 1, "one Put Block List");
    assert.equal(sent.at(-1).status, 201, "Put Block List answered 201");
    const list = await bigBlob.getBlockList("all");
    assert.deepEqual(list.committedBlocks.map((b) => b.size), [MiB, MiB, MiB, MiB, MiB, 12345]);
    assert.deepEqual(list.uncommittedBlocks ?? [], []);
    assert.equal(list.blobContentLength, big.bytes.length);
    const props = await bigBlob.getProperties();
    assert.equal(props.contentLength, big.bytes.length);
    assert.equal(props.contentType, "application/x-test");
    assert.deepEqual(props.metadata, { source: "random" });
  });

  await step("download whole, streamed and in parallel ranges: same digest", async () => {
    const whole = await bigBlob.download();
    assert.equal(lastStatus(), 200);
    assert.equal(whole.contentLength, big.bytes.length);
    const streamed = await digestStream(whole.readableStreamBody);
    assert.equal(streamed.length, big.bytes.length, "bytes streamed");
    assert.equal(streamed.digest, sha256(big.bytes), "SHA-256 of the streamed download");
    const before = exchanges.length;
    const buffer = await bigBlob.downloadToBuffer(0, undefined, { blockSize: 1 * MiB, concurrency: 4 });
    assert.equal(sha256(buffer), sha256(big.bytes), "SHA-256 of downloadToBuffer");
    const ranged = exchanges.slice(before).filter((e) => e.method === "GET");
    assert.ok(ranged.length >= 6 && ranged.every((e) => e.status === 206), `ranged GETs: ${ranged.map(describe).join("; ")}`);
  });

  await step("ranged downloads: 206, Content-Range, bytes of the range; past the end 416 InvalidRange", async () => {
    const size = big.bytes.length;
    for (const [offset, count] of [[0, 1], [MiB - 10, 20], [3 * MiB + 7, 2 * MiB], [size - 100, undefined], [size - 1, 1],
      [size - 10, 1000]]) {
      const response = await bigBlob.download(offset, count);
      const end = Math.min(count === undefined ? size : offset + count, size);
      assert.equal(lastStatus(), 206, `range ${offset}+${count}`);
      assert.equal(response.contentRange, `bytes ${offset}-${end - 1}/${size}`);
      assert.equal(response.contentLength, end - offset);
      const got = await digestStream(response.readableStreamBody);
      assert.equal(got.length, end - offset, `length of range ${offset}+${count}`);
      assert.equal(got.digest, sha256(big.bytes.subarray(offset, end)), `bytes of range ${offset}+${count}`);
    }
    await expectRestError(bigBlob.download(size, 10), 416, "InvalidRange");
    assert.equal(exchanges.at(-1).headers?.get("content-range"), `bytes */${size}`);
  });

  await step("stage blocks by hand: Get Block List, commit in another order, the rest discarded", async () => {
    const blob = container.getBlockBlobClient("data/staged.txt");
    const id = (s) => Buffer.from(s.padEnd(8, "-")).toString("base64"); // ids of one length
    await blob.stageBlock(id("a"), Buffer.from("AAAA"), 4);
    assert.equal(lastStatus(), 201);
    await blob.stageBlock(id("b"), Buffer.from("BBBBBB"), 6);
    await blob.stageBlock(id("c"), Buffer.from("CC"), 2);
    await expectRestError(blob.getProperties(), 404, "BlobNotFound"); // staged only: no blob yet
    const staged = await blob.getBlockList("all");
    assert.deepEqual(staged.committedBlocks ?? [], []);
    assert.deepEqual(staged.uncommittedBlocks.map((b) => [b.name, b.size]).sort(),
      [[id("a"), 4], [id("b"), 6], [id("c"), 2]]);
    await blob.commitBlockList([id("c"), id("a"), id("c")]);
    assert.equal(await downloadText(blob), "CCAAAACC", "content is the blocks in list order");
    const committed = await blob.getBlockList("all");
    assert.deepEqual(committed.committedBlocks.map((b) => b.name), [id("c"), id("a"), id("c")]);
    assert.deepEqual(committed.uncommittedBlocks ?? [], [], "block b, not in the list, is discarded");
    await expectRestError(blob.commitBlockList([id("b")]), 400, "InvalidBlockList");
    assert.equal(await downloadText(blob), "CCAAAACC", "a refused block list leaves the blob as it was");
  });

  await step("properties and metadata round trip (Set Blob Properties replaces the set)", async () => {
    const before = await smallBlob.getProperties();
    await smallBlob.setHTTPHeaders({ blobContentType: "text/markdown", blobContentEncoding: "identity" });
    const props = await smallBlob.getProperties();
    assert.equal(props.contentType, "text/markdown");
    assert.equal(props.contentEncoding, "identity");
    assert.equal(props.contentLanguage, undefined, "unsent headers are cleared");
    assert.equal(props.cacheControl, undefined, "unsent headers are cleared");
    assert.notEqual(props.etag, before.etag, "Set Blob Properties changes the ETag");
    await smallBlob.setMetadata({ Reviewed: "yes", camelCaseKey: "v2" });
    const again = await smallBlob.getProperties();
    assert.deepEqual(again.metadata, { reviewed: "yes", camelcasekey: "v2" }, "the whole set replaced");
    assert.notEqual(again.etag, props.etag, "Set Blob Metadata changes the ETag");
    assert.equal(await downloadText(smallBlob), small.text, "the content is untouched");
    smallEtag = again.etag;
  });

  await step("list blobs flat: names in order, prefix, metadata, paging", async () => {
    for (const name of ["dir1/a.txt", "dir1/sub/b.txt", "dir2/c.txt", "top.txt"]) {
      await container.getBlockBlobClient(name).upload(name, name.length, { metadata: { Name: "x" } });
    }
    const all = await collect(container.listBlobsFlat({ includeMetadata: true }));
    const names = ["data/big.bin", "data/staged.txt", "dir1/a.txt", "dir1/sub/b.txt", "dir2/c.txt", small.name, "top.txt"]
      .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    assert.deepEqual(all.map((b) => b.name), names);
    const bigItem = all.find((b) => b.name === big.name);
    assert.equal(bigItem.properties.contentLength, big.bytes.length);
    assert.equal(bigItem.properties.blobType, "BlockBlob");
    assert.deepEqual(bigItem.metadata, { source: "random" });
    assert.deepEqual(all.find((b) => b.name === small.name).metadata, { Reviewed: "yes", camelCaseKey: "v2" },
      "metadata names keep their case in a listing");
    const dir1 = await collect(container.listBlobsFlat({ prefix: "dir1/" }));
    assert.deepEqual(dir1.map((b) => b.name), ["dir1/a.txt", "dir1/sub/b.txt"]);
    assert.equal(dir1[0].metadata, undefined, "no metadata unless asked for");
    const pages = await collect(container.listBlobsFlat().byPage({ maxPageSize: 3 }));
    assert.deepEqual(pages.map((p) => p.segment.blobItems.length), [3, 3, 1], "page sizes");
    assert.deepEqual(pages.flatMap((p) => p.segment.blobItems.map((b) => b.name)), names, "pages in order");
    assert.ok(pages[0].continuationToken, "the first page carries a continuation token");
    assert.ok(!pages[2].continuationToken, `the last page carries none: '${pages[2].continuationToken}'`);
  });

  await step("list blobs by hierarchy: prefixes and blobs, one level at a time", async () => {
    const top = await collect(container.listBlobsByHierarchy("/"));
    assert.deepEqual(top.filter((i) => i.kind === "prefix").map((i) => i.name), ["data/", "dir1/", "dir2/", "docs/"]);
    assert.deepEqual(top.filter((i) => i.kind === "blob").map((i) => i.name), ["top.txt"]);
    const dir1 = await collect(container.listBlobsByHierarchy("/", { prefix: "dir1/" }));
    assert.deepEqual(dir1.filter((i) => i.kind === "prefix").map((i) => i.name), ["dir1/sub/"]);
    assert.deepEqual(dir1.filter((i) => i.kind === "blob").map((i) => i.name), ["dir1/a.txt"]);
    const pages = await collect(container.listBlobsByHierarchy("/").byPage({ maxPageSize: 2 }));
    const flattened = pages.flatMap((p) => [...p.segment.blobPrefixes ?? [], ...p.segment.blobItems].map((i) => i.name));
    assert.deepEqual(flattened.sort(), ["data/", "dir1/", "dir2/", "docs/", "top.txt"], "paged prefixes and blobs");
    assert.equal(pages.length, 3, "each prefix counts toward maxresults");
  });

  await step("conditional reads: If-None-Match 304, If-Match 412 ConditionNotMet, dates too", async () => {
    await expectRestError(smallBlob.download(0, undefined, { conditions: { ifNoneMatch: smallEtag } }), 304);
    await expectRestError(smallBlob.getProperties({ conditions: { ifNoneMatch: smallEtag } }), 304);
    await expectRestError(smallBlob.download(0, undefined, { conditions: { ifMatch: '"0x1234567890ABCDE"' } }), 412,
      "ConditionNotMet");
    await expectRestError(smallBlob.getProperties({ conditions: { ifMatch: '"0x1234567890ABCDE"' } }), 412);
    const future = new Date(Date.now() + 3600 * 1000);
    const past = new Date(Date.now() - 24 * 3600 * 1000);
    await expectRestError(smallBlob.download(0, undefined, { conditions: { ifModifiedSince: future } }), 304);
    await expectRestError(smallBlob.download(0, undefined, { conditions: { ifUnmodifiedSince: past } }), 412,
      "ConditionNotMet");
    assert.equal(await (async () => {
      const r = await smallBlob.download(0, undefined, { conditions: { ifMatch: smallEtag, ifModifiedSince: past } });
      for await (const chunk of r.readableStreamBody) void chunk;
      return lastStatus();
    })(), 200, "conditions that hold: 200");
  });

  await step("conditional writes: stale If-Match 412, If-None-Match * on an existing blob 409 BlobAlreadyExists", async () => {
    await expectRestError(smallBlob.setMetadata({ a: "b" }, { conditions: { ifMatch: '"0x1234567890ABCDE"' } }), 412,
      "ConditionNotMet");
    await expectRestError(smallBlob.upload("x", 1, { conditions: { ifNoneMatch: "*" } }), 409, "BlobAlreadyExists");
    await expectRestError(smallBlob.delete({ conditions: { ifMatch: '"0x1234567890ABCDE"' } }), 412, "ConditionNotMet");
    const fresh = container.getBlockBlobClient("fresh.txt");
    await fresh.upload("new", 3, { conditions: { ifNoneMatch: "*" } });
    assert.equal(lastStatus(), 201, "If-None-Match * creates a blob that is not there");
    assert.equal((await smallBlob.getProperties()).etag, smallEtag, "refused writes change nothing");
    await fresh.delete();
  });

  await step("error codes: 404 BlobNotFound, 404 ContainerNotFound, 400 InvalidBlockList", async () => {
    const missing = container.getBlockBlobClient("no/such/blob");
    await expectRestError(missing.download(), 404, "BlobNotFound");
    await expectRestError(missing.getProperties(), 404, "BlobNotFound"); // HEAD: the code is in x-ms-error-code
    await expectRestError(missing.delete(), 404, "BlobNotFound");
    await expectRestError(missing.getBlockList("all"), 404, "BlobNotFound");
    await expectRestError(missing.setMetadata({ a: "b" }), 404, "BlobNotFound");
    assert.equal(await missing.exists(), false);
    const noContainer = service.getContainerClient(`jsn-${suffix}`);
    await expectRestError(noContainer.getProperties(), 404, "ContainerNotFound");
    await expectRestError(noContainer.getBlockBlobClient("b").upload("x", 1), 404, "ContainerNotFound");
    await expectRestError(noContainer.getBlockBlobClient("b").download(), 404, "ContainerNotFound");
    await expectRestError(missing.commitBlockList([Buffer.from("nope----").toString("base64")]), 400, "InvalidBlockList");
  });

  await step("blob SAS: r reads, refused writes; another blob fails the signature", async () => {
    const expiresOn = new Date(Date.now() + 3600 * 1000);
    const sas = generateBlobSASQueryParameters({
      containerName, blobName: big.name, permissions: BlobSASPermissions.parse("r"), expiresOn,
    }, credential).toString();
    const viaSas = recorded(new BlockBlobClient(`${bigBlob.url}?${sas}`, new AnonymousCredential(), pipelineOptions()));
    const got = await digestStream((await viaSas.download(MiB, MiB)).readableStreamBody);
    assert.equal(got.digest, sha256(big.bytes.subarray(MiB, 2 * MiB)));
    await expectRestError(viaSas.upload("x", 1), 403, "AuthorizationPermissionMismatch");
    await expectRestError(viaSas.delete(), 403, "AuthorizationPermissionMismatch");
    const elsewhere = recorded(new BlockBlobClient(`${smallBlob.url}?${sas}`, new AnonymousCredential(), pipelineOptions()));
    await expectRestError(elsewhere.download(), 403, "AuthenticationFailed");
  });

  await step("delete blob: 202, then 404 BlobNotFound; delete container: then 404 ContainerNotFound", async () => {
    await smallBlob.delete();
    assert.equal(lastStatus(), 202);
    await expectRestError(smallBlob.download(), 404, "BlobNotFound");
    assert.equal(await smallBlob.exists(), false);
    assert.equal((await smallBlob.deleteIfExists()).succeeded, false);
    const left = (await collect(container.listBlobsFlat())).map((b) => b.name);
    assert.ok(!left.includes(small.name), `${small.name} still listed`);
    await container.delete();
    assert.equal(lastStatus(), 202);
    await expectRestError(container.getProperties(), 404, "ContainerNotFound");
    await expectRestError(bigBlob.download(), 404, "ContainerNotFound");
    assert.equal(await container.exists(), false);
    assert.equal((await container.deleteIfExists()).succeeded, false);
    assert.deepEqual((await collect(service.listContainers({ prefix: containerName }))).map((c) => c.name), []);
  });
}

await run(main);
