// Blob index tags through the JavaScript Blob SDK (@azure/storage-blob) against a running Cerulean server.
//
//   node blob-tags.mjs "<connection string with AccountName, AccountKey and BlobEndpoint>"
//
// Set and Get Blob Tags, tags given with Put Blob, tag conditions (ifTags), listing with tags, and
// Find Blobs by Tags in a container and across the account, paged. Retries are off, so every server
// error is seen as it was sent. Prints one line per step and `TAGS OK` at the end; exits non-zero
// after the steps if any failed.

import assert from "node:assert/strict";
import { BlobServiceClient } from "@azure/storage-blob";

const [connectionString] = process.argv.slice(2);
if (!connectionString) {
  console.error('usage: node blob-tags.mjs "<connection string>"');
  process.exit(2);
}

const service = BlobServiceClient.fromConnectionString(connectionString, { retryOptions: { maxTries: 1 } });
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const container = service.getContainerClient(`jstags-${suffix}`);
const run = `run${suffix}`;

let stepNo = 0;
const failed = [];

async function step(name, body) {
  stepNo++;
  const label = `${String(stepNo).padStart(2)} ${name}`;
  const started = Date.now();
  try {
    await body();
    console.log(`ok ${label} (${Date.now() - started} ms)`);
  } catch (e) {
    failed.push(label.trim());
    console.log(`FAILED ${label}`);
    console.error(`FAILED ${label}: ${e?.stack ?? e}`);
    if (e?.name === "RestError") {
      console.error(`  statusCode=${e.statusCode} code=${e.details?.errorCode} body: ${e.response?.bodyAsText}`);
    }
  }
}

async function expectRestError(promise, status, code) {
  try {
    await promise;
  } catch (e) {
    assert.equal(e.statusCode, status, `status of ${e.message}`);
    assert.equal(e.details?.errorCode ?? e.response?.headers?.get("x-ms-error-code"), code);
    return;
  }
  assert.fail(`expected ${status} ${code}`);
}

async function collect(iterator) {
  const items = [];
  for await (const item of iterator) {
    items.push(item);
  }
  return items;
}

async function main() {
  await container.create();
  const doc = container.getBlockBlobClient("doc.txt");

  await step("set and get tags: the ETag stays, the count shows", async () => {
    await doc.upload("contents", 8);
    const before = await doc.getProperties();
    await doc.setTags({ project: "alpha", stage: "2", "with space": "a b" });
    const { tags } = await doc.getTags();
    assert.deepEqual(tags, { project: "alpha", stage: "2", "with space": "a b" });
    const after = await doc.getProperties();
    assert.equal(after.etag, before.etag);
    assert.equal(after.tagCount, 3);
  });

  await step("tags given with Put Blob, listed with includeTags", async () => {
    for (let i = 0; i < 5; i++) {
      await container.getBlockBlobClient(`item-${i}`).upload("x", 1, { tags: { run, n: String(i) } });
    }
    const listed = await collect(container.listBlobsFlat({ includeTags: true, prefix: "item-" }));
    assert.deepEqual(listed.map((b) => b.name), ["item-0", "item-1", "item-2", "item-3", "item-4"]);
    assert.deepEqual(listed[3].tags, { run, n: "3" });
  });

  await step("tag conditions: a failed ifTags is 412 ConditionNotMet, a malformed one 400", async () => {
    await doc.setMetadata({ m: "1" }, { conditions: { tagConditions: "\"project\" = 'alpha' OR \"stage\" <> '2'" } });
    await expectRestError(doc.setMetadata({ m: "2" }, { conditions: { tagConditions: "\"project\" = 'beta'" } }),
      412, "ConditionNotMet");
    await expectRestError(doc.getTags({ conditions: { tagConditions: "project == 'alpha'" } }), 400,
      "InvalidHeaderValue");
    assert.deepEqual((await doc.getProperties()).metadata, { m: "1" });
  });

  await step("find blobs by tags in the container and the account, paged", async () => {
    const inContainer = await collect(container.findBlobsByTags(`"run" = '${run}' AND "n" >= '2'`));
    assert.deepEqual(inContainer.map((b) => b.name), ["item-2", "item-3", "item-4"]);
    assert.deepEqual(inContainer[0].tags, { run, n: "2" });
    const pages = [];
    for await (const page of service.findBlobsByTags(`"run" = '${run}'`).byPage({ maxPageSize: 2 })) {
      pages.push(page.blobs.map((b) => `${b.containerName}/${b.name}`));
    }
    assert.deepEqual(pages.map((p) => p.length), [2, 2, 1]);
    assert.equal(new Set(pages.flat()).size, 5);
    await expectRestError(collect(container.findBlobsByTags(`"run" = '${run}' OR "n" = '1'`)), 400,
      "InvalidQueryParameterValue");
  });

  await step("tags past the limits: 400 InvalidTag, TagsTooLarge", async () => {
    await expectRestError(doc.setTags({ "a#b": "v" }), 400, "InvalidTag");
    const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, "v"]));
    await expectRestError(doc.setTags(eleven), 400, "TagsTooLarge");
    assert.equal((await doc.getTags()).tags.project, "alpha");
  });

  await step("a deleted blob is found no more", async () => {
    await container.getBlockBlobClient("item-0").delete();
    const found = await collect(container.findBlobsByTags(`"run" = '${run}'`));
    assert.deepEqual(found.map((b) => b.name), ["item-1", "item-2", "item-3", "item-4"]);
  });

  await container.delete();
}

try {
  await main();
} catch (e) {
  failed.push(`outside any step: ${e?.stack ?? e}`);
}
if (failed.length) {
  const message = `TAGS FAILED: ${failed.length} of ${stepNo} steps failed: ${failed.join("; ")}`;
  console.log(message);
  console.error(message);
  process.exitCode = 1;
} else {
  console.log(`TAGS OK (${stepNo} steps)`);
}
