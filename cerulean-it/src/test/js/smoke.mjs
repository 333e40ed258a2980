// Smoke test of the JavaScript SDK (@azure/data-tables) against a running Cerulean server.
//
//   node smoke.mjs <endpoint> <accountName> <accountKey> [PATCH|POST+MERGE]
//
// e.g. node smoke.mjs http://127.0.0.1:10002/devstoreaccount1 devstoreaccount1 Eby8...GMGw==
//
// Everything goes through the SDK (TableServiceClient, TableClient, AzureNamedKeyCredential). The
// optional fourth argument is how the SDK is expected to send merges: `PATCH` normally, `POST+MERGE`
// (POST with X-HTTP-Method: MERGE) when it takes the endpoint for Cosmos DB (host `localhost` on a
// port other than 10002 and an account other than devstoreaccount1). Every request the SDK sends is
// recorded; set DEBUG_SMOKE=1 to print them all, and on failure the last ones are printed anyway.
// Prints one line per step and `SMOKE OK` at the end; exits non-zero if a step failed.

import assert from "node:assert/strict";
import {
  AzureNamedKeyCredential,
  TableClient,
  TableServiceClient,
  odata,
} from "@azure/data-tables";
import { Recorder, args, collect, expectRestError, steps, unique } from "./harness.mjs";

const [endpoint, accountName, accountKey, expectedMerge] =
  args("smoke.mjs", "endpoint", "accountName", "accountKey"); // then PATCH or POST+MERGE, if known
if (expectedMerge && expectedMerge !== "PATCH" && expectedMerge !== "POST+MERGE") {
  console.error(`unknown merge mode '${expectedMerge}': expected PATCH or POST+MERGE`);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// Every request recorded by the innermost policy, so as it goes on the wire (after signing and after
// the Cosmos policy has rewritten PATCH to POST + X-HTTP-Method); DEBUG_SMOKE=1 prints them all.
const recorder = new Recorder("ceruleanSmokeRecorder", "DEBUG_SMOKE");
const exchanges = recorder.exchanges;

const clientOptions = {
  allowInsecureConnection: true, // the endpoint is plain http
  retryOptions: { maxRetries: 0 }, // a smoke test must see server errors, not retry them away
  additionalPolicies: [{ policy: recorder.policy, position: "perRetry" }],
};

const credential = new AzureNamedKeyCredential(accountName, accountKey);
const service = new TableServiceClient(endpoint, credential, clientOptions);
const suffix = unique("");
const tableName = `jssmoke${suffix}`;
const pagingTableName = `jspaging${suffix}`;
const table = new TableClient(endpoint, tableName, credential, clientOptions);
const pagingTable = new TableClient(endpoint, pagingTableName, credential, clientOptions);
const { step, run } = steps("SMOKE", recorder);

// ---------------------------------------------------------------------------------------------
// Helpers

/** Custom properties of an entity returned by the SDK (drops keys, timestamp, etag, odata.*). */
function customProps(entity) {
  const out = {};
  for (const [k, v] of Object.entries(entity)) {
    if (!["partitionKey", "rowKey", "timestamp", "etag"].includes(k) && !k.startsWith("odata.")) {
      out[k] = v;
    }
  }
  return out;
}

function mergeRequests() {
  return exchanges.filter((e) => e.method === "PATCH" || e.method === "MERGE" || (e.method === "POST" && e.xHttpMethod));
}

// ---------------------------------------------------------------------------------------------
// The scenario

// Keys with a doubled-up quote, a space and non-ASCII exercise key escaping in entity URLs.
const pk = "pk'1 ü";
const rk = "row 1";
const when = new Date("2024-02-29T12:34:56.789Z");
const guid = "c9da6455-213d-42c9-9a79-3e9149a57833";
const bytes = new Uint8Array([0, 1, 2, 127, 128, 254, 255]);

async function main() {
  console.log(`endpoint ${endpoint} account ${accountName} table ${tableName}` +
    (expectedMerge ? ` expected merge ${expectedMerge}` : ""));

  await step("createTable", async () => {
    await service.createTable(tableName);
    await table.createTable(); // TableClient variant; the table exists, must be tolerated too
  });

  await step("createEntity with every EDM type", async () => {
    await table.createEntity({
      partitionKey: pk,
      rowKey: rk,
      str: "héllo ✓ 'quoted' \"double\"",
      empty: "",
      int32: 42,
      int32Min: -2147483648,
      int64: { value: "123", type: "Int64" },
      int64Big: { value: "9007199254740993", type: "Int64" }, // 2^53 + 1: not a safe JS number
      dbl: 3.25,
      dblIntegral: { value: 20, type: "Double" },
      bool: true,
      boolFalse: false,
      date: when,
      guid: { value: guid, type: "Guid" },
      bin: bytes,
    });
  });

  let created;
  await step("getEntity round-trips every value", async () => {
    created = await table.getEntity(pk, rk);
    assert.equal(created.partitionKey, pk);
    assert.equal(created.rowKey, rk);
    assert.match(created.etag, /^W\/"datetime'.+'"$/, "etag");
    assert.ok(typeof created.timestamp === "string" && !Number.isNaN(Date.parse(created.timestamp)),
      `timestamp ${created.timestamp}`);
    const p = customProps(created);
    assert.equal(p.str, "héllo ✓ 'quoted' \"double\"");
    assert.equal(p.empty, "");
    assert.equal(p.int32, 42);
    assert.equal(p.int32Min, -2147483648);
    assert.equal(p.int64, 123n);
    assert.equal(p.int64Big, 9007199254740993n);
    assert.equal(p.dbl, 3.25);
    assert.equal(p.dblIntegral, 20);
    assert.equal(p.bool, true);
    assert.equal(p.boolFalse, false);
    assert.ok(p.date instanceof Date, `date is ${typeof p.date}: ${p.date}`);
    assert.equal(p.date.getTime(), when.getTime());
    assert.deepEqual(p.guid, { value: guid, type: "Guid" });
    assert.ok(p.bin instanceof Uint8Array, `bin is ${typeof p.bin}`);
    assert.deepEqual(Array.from(p.bin), Array.from(bytes));
    assert.deepEqual(Object.keys(p).sort(), [
      "bin", "bool", "boolFalse", "date", "dbl", "dblIntegral", "empty", "guid",
      "int32", "int32Min", "int64", "int64Big", "str",
    ]);
  });

  await step("getEntity with disableTypeConversion keeps EDM types", async () => {
    const raw = customProps(await table.getEntity(pk, rk, { disableTypeConversion: true }));
    assert.deepEqual(raw.int64, { value: "123", type: "Int64" });
    assert.deepEqual(raw.date?.type, "DateTime");
    assert.deepEqual(raw.bin, { value: Buffer.from(bytes).toString("base64"), type: "Binary" });
    assert.deepEqual(raw.guid, { value: guid, type: "Guid" });
  });

  await step("updateEntity Replace drops unmentioned properties", async () => {
    await table.updateEntity({ partitionKey: pk, rowKey: rk, a: "A", b: 1 }, "Replace", { etag: created.etag });
    const got = await table.getEntity(pk, rk);
    assert.deepEqual(customProps(got), { a: "A", b: 1 });
    assert.notEqual(got.etag, created.etag, "etag must change on replace");
  });

  let merged;
  await step("updateEntity Merge keeps unmentioned properties", async () => {
    const before = await table.getEntity(pk, rk);
    await table.updateEntity({ partitionKey: pk, rowKey: rk, b: 2, c: { value: "7", type: "Int64" } }, "Merge",
      { etag: before.etag });
    merged = await table.getEntity(pk, rk);
    assert.deepEqual(customProps(merged), { a: "A", b: 2, c: 7n });
    assert.notEqual(merged.etag, before.etag, "etag must change on merge");
    await table.updateEntity({ partitionKey: pk, rowKey: rk, d: true }, "Merge"); // If-Match: *
    assert.deepEqual(customProps(await table.getEntity(pk, rk)), { a: "A", b: 2, c: 7n, d: true });
  });

  await step("merges went on the wire as expected", async () => {
    const merges = mergeRequests();
    assert.ok(merges.length >= 2, `expected merge requests, saw ${merges.length}`);
    const shapes = [...new Set(merges.map((e) => (e.xHttpMethod ? `${e.method}+${e.xHttpMethod}` : e.method)))];
    if (expectedMerge) {
      assert.deepEqual(shapes, [expectedMerge], "merge request shape");
    }
    console.log(`    merges sent as ${shapes.join(", ")}`);
  });

  await step("updateEntity with a stale etag fails 412", async () => {
    // merged.etag is stale: the If-Match: * merge above changed the entity since.
    await expectRestError(
      table.updateEntity({ partitionKey: pk, rowKey: rk, x: 1 }, "Merge", { etag: merged.etag }),
      412, "UpdateConditionNotSatisfied");
    await expectRestError(
      table.updateEntity({ partitionKey: pk, rowKey: rk, x: 1 }, "Replace", { etag: merged.etag }),
      412, "UpdateConditionNotSatisfied");
    await expectRestError(table.deleteEntity(pk, rk, { etag: merged.etag }), 412, "UpdateConditionNotSatisfied");
    assert.deepEqual(customProps(await table.getEntity(pk, rk)), { a: "A", b: 2, c: 7n, d: true });
  });

  await step("updateEntity of a missing entity fails 404", async () => {
    await expectRestError(table.updateEntity({ partitionKey: pk, rowKey: "missing", x: 1 }, "Merge"), 404);
    await expectRestError(table.updateEntity({ partitionKey: pk, rowKey: "missing", x: 1 }, "Replace"), 404);
  });

  await step("upsertEntity Merge inserts, then merges", async () => {
    await table.upsertEntity({ partitionKey: pk, rowKey: "up", m1: "one" }, "Merge");
    assert.deepEqual(customProps(await table.getEntity(pk, "up")), { m1: "one" });
    await table.upsertEntity({ partitionKey: pk, rowKey: "up", m2: 2.5 }, "Merge");
    assert.deepEqual(customProps(await table.getEntity(pk, "up")), { m1: "one", m2: 2.5 });
  });

  await step("upsertEntity Replace inserts, then replaces", async () => {
    await table.upsertEntity({ partitionKey: pk, rowKey: "up2", r1: "one" }, "Replace");
    assert.deepEqual(customProps(await table.getEntity(pk, "up2")), { r1: "one" });
    await table.upsertEntity({ partitionKey: pk, rowKey: "up", r2: false }, "Replace");
    assert.deepEqual(customProps(await table.getEntity(pk, "up")), { r2: false });
  });

  await step("createEntity of an existing entity fails 409 EntityAlreadyExists", async () => {
    await expectRestError(table.createEntity({ partitionKey: pk, rowKey: rk, z: 1 }), 409, "EntityAlreadyExists");
  });

  await step("listEntities with an odata filter", async () => {
    const people = [
      { rowKey: "01", name: "O'Brien", age: 30, born: new Date("1994-01-01T00:00:00Z") },
      { rowKey: "02", name: "Smith", age: 41, born: new Date("1983-06-15T08:00:00Z") },
      { rowKey: "03", name: "Jones", age: 25, born: new Date("1999-12-31T23:59:59.999Z") },
      { rowKey: "04", name: "O'Brien", age: 52, born: new Date("1972-03-03T03:03:03Z") },
    ];
    for (const p of people) {
      await table.createEntity({ partitionKey: "people", ...p, id: { value: String(p.age), type: "Int64" } });
    }
    const rows = async (filter) =>
      (await collect(table.listEntities({ queryOptions: { filter } }))).map((e) => e.rowKey);

    const name = "O'Brien";
    assert.deepEqual(await rows(odata`PartitionKey eq ${"people"} and name eq ${name}`), ["01", "04"]);
    assert.deepEqual(await rows(odata`PartitionKey eq ${"people"} and age ge ${30}`), ["01", "02", "04"]);
    assert.deepEqual(await rows(odata`born lt ${new Date("1990-01-01T00:00:00Z")}`), ["02", "04"]);
    assert.deepEqual(await rows(`id gt 40L and id lt 50L`), ["02"]);
    assert.deepEqual(await rows(odata`PartitionKey eq ${"nobody"}`), []);

    const selected = await collect(table.listEntities({
      queryOptions: { filter: odata`RowKey eq ${"03"}`, select: ["name", "age"] },
    }));
    assert.equal(selected.length, 1);
    assert.deepEqual(customProps(selected[0]), { name: "Jones", age: 25 });
  });

  await step("listEntities byPage walks continuation tokens over 250 entities", async () => {
    await pagingTable.createTable();
    const expected = [];
    for (let i = 0; i < 250; i++) {
      // three partitions, so pages cross partition boundaries
      expected.push({ partitionKey: `part${Math.floor(i / 90)}`, rowKey: String(i).padStart(4, "0"), n: i });
    }
    for (let i = 0; i < expected.length; i += 25) {
      await Promise.all(expected.slice(i, i + 25).map((e) => pagingTable.createEntity(e)));
    }

    const pages = await collect(pagingTable.listEntities().byPage({ maxPageSize: 50 }));
    const seen = pages.flat().map((e) => `${e.partitionKey}/${e.rowKey}`);
    for (const page of pages) {
      assert.ok(page.length <= 50, `page of ${page.length} entities exceeds maxPageSize 50`);
    }
    assert.ok(pages.length >= 5, `expected at least 5 pages, got ${pages.length}`);
    assert.equal(seen.length, 250, `entities seen: ${seen.length}`);
    assert.equal(new Set(seen).size, 250, "some entity was returned twice");
    assert.deepEqual(seen, expected.map((e) => `${e.partitionKey}/${e.rowKey}`), "order by PartitionKey, RowKey");
    assert.deepEqual(pages.flat().map((e) => e.n), expected.map((e) => e.n));
    const top = exchanges.filter((e) => e.method === "GET" && e.url.includes(pagingTableName + "()"));
    assert.ok(top.every((e) => /[?&]%24top=50\b|[?&]\$top=50\b/.test(e.url)), "every page request carries $top=50");

    // Resuming from a token taken mid-walk continues exactly there.
    const token = pages[1].continuationToken;
    assert.ok(token, "the second page carries a continuation token");
    const resumed = await pagingTable.listEntities().byPage({ maxPageSize: 50, continuationToken: token }).next();
    assert.deepEqual(resumed.value.map((e) => e.rowKey), pages[2].map((e) => e.rowKey));

    // Iterating without byPage follows the tokens too.
    const all = await collect(pagingTable.listEntities({ queryOptions: { select: ["n"] } }));
    assert.equal(all.length, 250);
    console.log(`    ${pages.length} pages: ${pages.map((p) => p.length).join(", ")}`);
  });

  await step("deleteEntity", async () => {
    const got = await table.getEntity(pk, rk);
    await table.deleteEntity(pk, rk, { etag: got.etag });
    await expectRestError(table.getEntity(pk, rk), 404, "ResourceNotFound");
    await table.deleteEntity(pk, "up"); // If-Match: *
    await expectRestError(table.getEntity(pk, "up"), 404, "ResourceNotFound");
  });

  await step("listTables contains the tables", async () => {
    const names = (await collect(service.listTables())).map((t) => t.name);
    assert.ok(names.includes(tableName), `${tableName} missing from ${JSON.stringify(names)}`);
    assert.ok(names.includes(pagingTableName), `${pagingTableName} missing from ${JSON.stringify(names)}`);
    const filtered = (await collect(service.listTables({ queryOptions: { filter: odata`TableName eq ${tableName}` } })))
      .map((t) => t.name);
    assert.deepEqual(filtered, [tableName]);
  });

  await step("createTable on an existing name is tolerated (409 TableAlreadyExists)", async () => {
    const before = exchanges.length;
    await service.createTable(tableName);
    const create = exchanges.slice(before).filter((e) => e.method === "POST");
    assert.equal(create.length, 1);
    assert.equal(create[0].status, 409, `the server answered ${create[0].status}, not 409`);
    await table.createTable();
  });

  await step("deleteTable", async () => {
    await service.deleteTable(tableName);
    await pagingTable.deleteTable();
    const names = (await collect(service.listTables())).map((t) => t.name);
    assert.ok(!names.includes(tableName), `${tableName} still listed`);
    assert.ok(!names.includes(pagingTableName), `${pagingTableName} still listed`);
    await expectRestError(table.getEntity("people", "01"), 404, "TableNotFound");
    await service.deleteTable(tableName); // a missing table: the SDK swallows the 404
  });
}

await run(main);
