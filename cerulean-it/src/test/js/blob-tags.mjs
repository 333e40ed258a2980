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
import { args, collect, expectRestError, steps, unique } from "./harness.mjs";

const [connectionString] = args("blob-tags.mjs", "connection string");

const service = BlobServiceClient.fromConnectionString(connectionString, { retryOptions: { maxTries: 1 } });
const suffix = unique("");
const container = service.getContainerClient(`jstags-${suffix}`);
const { step, run } = steps("TAGS");
const runTag = `run${suffix}`; // the tag value only this run's blobs have

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
      await container.getBlockBlobClient(`item-${i}`).upload("x", 1, { tags: { run: runTag, n: String(i) } });
    }
    const listed = await collect(container.listBlobsFlat({ includeTags: true, prefix: "item-" }));
    assert.deepEqual(listed.map((b) => b.name), ["item-0", "item-1", "item-2", "item-3", "item-4"]);
    assert.deepEqual(listed[3].tags, { run: runTag, n: "3" });
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
    const inContainer = await collect(container.findBlobsByTags(`"run" = '${runTag}' AND "n" >= '2'`));
    assert.deepEqual(inContainer.map((b) => b.name), ["item-2", "item-3", "item-4"]);
    assert.deepEqual(inContainer[0].tags, { run: runTag, n: "2" });
    const pages = [];
    for await (const page of service.findBlobsByTags(`"run" = '${runTag}'`).byPage({ maxPageSize: 2 })) {
      pages.push(page.blobs.map((b) => `${b.containerName}/${b.name}`));
    }
    assert.deepEqual(pages.map((p) => p.length), [2, 2, 1]);
    assert.equal(new Set(pages.flat()).size, 5);
    await expectRestError(collect(container.findBlobsByTags(`"run" = '${runTag}' OR "n" = '1'`)), 400,
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
    const found = await collect(container.findBlobsByTags(`"run" = '${runTag}'`));
    assert.deepEqual(found.map((b) => b.name), ["item-1", "item-2", "item-3", "item-4"]);
  });

  await container.delete();
}

await run(main);
