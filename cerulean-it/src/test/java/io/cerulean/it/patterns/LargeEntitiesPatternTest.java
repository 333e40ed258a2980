package io.cerulean.it.patterns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobListDetails;
import com.azure.storage.blob.models.BlobRequestConditions;
import com.azure.storage.blob.models.BlobStorageException;
import com.azure.storage.blob.models.BlockBlobItem;
import com.azure.storage.blob.models.DeleteSnapshotsOptionType;
import com.azure.storage.blob.models.DownloadRetryOptions;
import com.azure.storage.blob.models.ListBlobsOptions;
import com.azure.storage.blob.options.BlobParallelUploadOptions;
import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.SharedServers;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * The table design guide's large-entities pattern: an employee's photo, too large for a table
 * entity (1 MiB at most, a binary property 64 KiB), is kept in Blob storage, and the employee entity
 * holds a pointer to it: the blob's container and name, and the ETag and MD5 it was written with.
 * No transaction spans a table and a container, so the order of the steps is what keeps them
 * consistent, the way the guide's eventually-consistent-transactions pattern does:
 * <ul>
 * <li>writing: the blob first, under a name never used before, then the entity that points at it;</li>
 * <li>updating: a new blob under a new name, then the pointer moved with the entity's ETag as a
 * condition (a writer that lost the race deletes its own blob), then the old blob deleted;</li>
 * <li>deleting: the entity first, then the blob.</li>
 * </ul>
 * A writer that dies between two steps therefore leaves at worst a blob no entity points at, never
 * an entity that points at nothing or at other bytes; a sweeper deletes such orphans later. Each
 * blob names its owner in its metadata, so the sweeper needs no scan of the table.
 */
class LargeEntitiesPatternTest {
    private static final SharedServers SERVERS = SharedServers.perClass();
    private static final int PHOTO_BYTES = 3 * 1024 * 1024;
    private static final String PHOTO = "Photo";
    private static final String PHOTO_ETAG = "PhotoETag";
    private static final String PHOTO_MD5 = "PhotoMD5";
    private static final String OWNER = "owner";
    /** Where the Tables SDK keeps an entity's ETag: the condition of a conditional update. */
    private static final String ODATA_ETAG = "odata.etag";

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    /** Where a writer dies, for the test's sake. */
    private enum Step { NONE, AFTER_BLOB, AFTER_POINTER }

    private static final class WriterDied extends RuntimeException {
        WriterDied() {
            super("the writer died", null, false, false);
        }
    }

    /** The pointer an employee entity holds: where the photo is and which bytes it must be. */
    private record Pointer(String container, String blob, String etag, String md5) {
        static Pointer of(TableEntity entity) {
            String photo = (String) entity.getProperty(PHOTO);
            int slash = photo.indexOf('/');
            return new Pointer(photo.substring(0, slash), photo.substring(slash + 1),
                    (String) entity.getProperty(PHOTO_ETAG), (String) entity.getProperty(PHOTO_MD5));
        }

        TableEntity addTo(TableEntity entity) {
            return entity.addProperty(PHOTO, container + "/" + blob).addProperty(PHOTO_ETAG, etag)
                    .addProperty(PHOTO_MD5, md5);
        }
    }

    /** Employees in a table, their photos in a container; every step in the order the pattern needs. */
    private record Employees(TableClient table, BlobContainerClient photos) {
        /** Creates an employee with a photo: the blob, then the entity. */
        TableEntity create(String department, String id, String name, byte[] photo, Step dieAt) {
            Pointer pointer = uploadNew(department, id, photo);
            if (dieAt == Step.AFTER_BLOB) {
                throw new WriterDied();
            }
            table.createEntity(pointer.addTo(new TableEntity(department, id).addProperty("Name", name)));
            return table.getEntity(department, id);
        }

        /** The entity and the bytes it points at, read with the pointer's ETag as a condition. */
        byte[] photo(TableEntity entity) {
            Pointer pointer = Pointer.of(entity);
            byte[] bytes = photos.getBlobClient(pointer.blob())
                    .downloadContentWithResponse(new DownloadRetryOptions(),
                            new BlobRequestConditions().setIfMatch(pointer.etag()), null, Context.NONE)
                    .getValue().toBytes();
            assertThat(md5(bytes)).as("MD5 of the photo of %s", entity.getRowKey()).isEqualTo(pointer.md5());
            return bytes;
        }

        /**
         * Gives an employee, as read before, a new photo: a new blob, the pointer moved if the entity
         * is still as read (else the new blob is deleted and the 412 rethrown), the old blob deleted.
         */
        void replacePhoto(TableEntity asRead, byte[] photo, Step dieAt) {
            Pointer old = Pointer.of(asRead);
            Pointer fresh = uploadNew(asRead.getPartitionKey(), asRead.getRowKey(), photo);
            if (dieAt == Step.AFTER_BLOB) {
                throw new WriterDied();
            }
            // A merge of the pointer alone, on condition that the entity is still as read.
            TableEntity moved = fresh.addTo(new TableEntity(asRead.getPartitionKey(), asRead.getRowKey()))
                    .addProperty(ODATA_ETAG, asRead.getETag());
            try {
                table.updateEntityWithResponse(moved, TableEntityUpdateMode.MERGE, true, null, Context.NONE);
            } catch (TableServiceException e) {
                photos.getBlobClient(fresh.blob()).delete(); // it lost the race: its blob is nobody's
                throw e;
            }
            if (dieAt == Step.AFTER_POINTER) {
                throw new WriterDied();
            }
            deleteBlob(old);
        }

        /** Deletes an employee, as read before: the entity (if unchanged since), then the photo. */
        void delete(TableEntity asRead, Step dieAt) {
            table.deleteEntityWithResponse(asRead, true, null, Context.NONE);
            if (dieAt == Step.AFTER_POINTER) {
                throw new WriterDied();
            }
            deleteBlob(Pointer.of(asRead));
        }

        /**
         * Deletes the blobs no entity points at, last modified before {@code olderThan}: orphans of
         * writers that died. The age spares a writer between its two steps (it uploaded, its entity
         * is on the way); in production it is minutes, here the test knows no writer is running.
         */
        List<String> sweepOrphans(OffsetDateTime olderThan) {
            List<String> swept = new ArrayList<>();
            ListBlobsOptions withMetadata = new ListBlobsOptions().setDetails(new BlobListDetails().setRetrieveMetadata(true));
            for (BlobItem blob : photos.listBlobs(withMetadata, null)) {
                if (!blob.getProperties().getLastModified().isBefore(olderThan)) {
                    continue;
                }
                String[] owner = blob.getMetadata().get(OWNER).split("/", 2);
                TableEntity entity = find(table, owner[0], owner[1]);
                boolean pointedAt = entity != null && Pointer.of(entity).blob().equals(blob.getName());
                if (!pointedAt) {
                    // Only the bytes the sweeper looked at: if the name were reused, the 412 would spare it.
                    photos.getBlobClient(blob.getName()).deleteWithResponse(DeleteSnapshotsOptionType.INCLUDE,
                            new BlobRequestConditions().setIfMatch(blob.getProperties().getETag()), null, Context.NONE);
                    swept.add(blob.getName());
                }
            }
            return swept;
        }

        /** Uploads a photo under a name never used, refusing to overwrite (If-None-Match: *). */
        private Pointer uploadNew(String department, String id, byte[] photo) {
            String name = department + "/" + id + "/" + UUID.randomUUID() + ".jpg";
            BlockBlobItem item = photos.getBlobClient(name).uploadWithResponse(
                    new BlobParallelUploadOptions(BinaryData.fromBytes(photo))
                            .setMetadata(Map.of(OWNER, department + "/" + id))
                            .setRequestConditions(new BlobRequestConditions().setIfNoneMatch("*")),
                    null, Context.NONE).getValue();
            assertThat(item.getContentMd5()).as("the MD5 Put Blob computed").isEqualTo(md5Bytes(photo));
            return new Pointer(photos.getBlobContainerName(), name, item.getETag(), md5(photo));
        }

        private void deleteBlob(Pointer pointer) {
            photos.getBlobClient(pointer.blob()).deleteWithResponse(DeleteSnapshotsOptionType.INCLUDE,
                    new BlobRequestConditions().setIfMatch(pointer.etag()), null, Context.NONE);
        }

        /** Every entity's pointer leads to a blob with its ETag and MD5: no dangling pointer. */
        void assertEveryPointerLeadsToItsBytes() {
            for (TableEntity entity : table.listEntities()) {
                photo(entity);
            }
        }

        List<String> blobNames() {
            return photos.listBlobs().stream().map(BlobItem::getName).sorted().toList();
        }
    }

    @ParameterizedTest
    @EachStore
    void aPhotoTooLargeForAnEntityIsStoredAsABlobAndReadBackThroughThePointer(ServerFixture fixture) {
        Employees employees = employees(fixture, "write");
        byte[] photo = photo(1);

        TableEntity inline = new TableEntity("Sales", "emp1").addProperty("Name", "Jones").addProperty(PHOTO, photo);
        TableServiceException tooLarge = catchThrowableOfType(TableServiceException.class,
                () -> employees.table().createEntity(inline));
        assertThat(tooLarge).as("a 3 MiB photo inside the entity").isNotNull();
        assertThat(tooLarge.getResponse().getStatusCode()).as(tooLarge.getMessage()).isIn(400, 413);
        assertThat(find(employees.table(), "Sales", "emp1")).isNull();

        TableEntity created = employees.create("Sales", "emp1", "Jones", photo, Step.NONE);
        Pointer pointer = Pointer.of(created);
        assertThat(pointer.container()).isEqualTo(employees.photos().getBlobContainerName());
        assertThat(pointer.blob()).startsWith("Sales/emp1/");
        assertThat(pointer.md5()).isEqualTo(md5(photo));

        TableEntity read = employees.table().getEntity("Sales", "emp1");
        assertThat(read.getProperty("Name")).isEqualTo("Jones");
        assertThat(employees.photo(read)).isEqualTo(photo);
        BlobClient blob = employees.photos().getBlobClient(pointer.blob());
        assertThat(blob.getProperties().getBlobSize()).isEqualTo(PHOTO_BYTES);
        assertThat(blob.getProperties().getMetadata()).containsEntry(OWNER, "Sales/emp1");
    }

    @ParameterizedTest
    @EachStore
    void aWriterThatDiesBetweenBlobAndEntityLeavesAnOrphanBlobNeverADanglingPointer(ServerFixture fixture) {
        Employees employees = employees(fixture, "crash");
        employees.create("Sales", "emp1", "Jones", photo(1), Step.NONE);

        assertThatThrownBy(() -> employees.create("Sales", "emp2", "Smith", photo(2), Step.AFTER_BLOB))
                .isInstanceOf(WriterDied.class);
        assertThat(find(employees.table(), "Sales", "emp2")).as("no entity without its blob").isNull();
        assertThat(employees.blobNames()).as("emp1's photo and emp2's orphan").hasSize(2)
                .anyMatch(name -> name.startsWith("Sales/emp2/"));
        employees.assertEveryPointerLeadsToItsBytes();

        List<String> swept = employees.sweepOrphans(OffsetDateTime.now().plusMinutes(1));
        assertThat(swept).singleElement().asString().startsWith("Sales/emp2/");
        assertThat(employees.blobNames()).containsExactly(Pointer.of(employees.table().getEntity("Sales", "emp1")).blob());

        // The retried write succeeds.
        TableEntity emp2 = employees.create("Sales", "emp2", "Smith", photo(2), Step.NONE);
        assertThat(employees.photo(emp2)).isEqualTo(photo(2));
        employees.assertEveryPointerLeadsToItsBytes();
        assertThat(employees.sweepOrphans(OffsetDateTime.now().plusMinutes(1))).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void anUpdateWritesANewBlobAndMovesThePointerUnderTheEntitysETag(ServerFixture fixture) {
        Employees employees = employees(fixture, "update");
        TableEntity v1 = employees.create("Sales", "emp1", "Jones", photo(1), Step.NONE);
        String firstBlob = Pointer.of(v1).blob();

        // Two writers read v1 and each uploads a new photo; the first to move the pointer wins, the
        // other's ETag condition fails, and it deletes its own blob.
        TableEntity seenByOther = employees.table().getEntity("Sales", "emp1");
        employees.replacePhoto(v1, photo(2), Step.NONE);
        TableServiceException lost = catchThrowableOfType(TableServiceException.class,
                () -> employees.replacePhoto(seenByOther, photo(3), Step.NONE));
        assertThat(lost).as("the second writer's update").isNotNull();
        assertThat(lost.getResponse().getStatusCode()).isEqualTo(412);
        assertThat(lost.getValue().getErrorCode().toString()).isEqualTo("UpdateConditionNotSatisfied");

        TableEntity v2 = employees.table().getEntity("Sales", "emp1");
        assertThat(employees.photo(v2)).isEqualTo(photo(2));
        assertThat(v2.getProperty("Name")).as("the merge kept the other properties").isEqualTo("Jones");
        assertThat(employees.blobNames()).as("the first photo deleted, the loser's too").containsExactly(Pointer.of(v2).blob());
        BlobStorageException gone = catchThrowableOfType(BlobStorageException.class,
                () -> employees.photos().getBlobClient(firstBlob).downloadContent());
        assertThat(gone.getStatusCode()).isEqualTo(404);
        assertThat(gone.getErrorCode().toString()).isEqualTo("BlobNotFound");

        // Dying after the new blob leaves the old photo in place; dying after the pointer moved
        // leaves the old blob an orphan. Either way every pointer leads to its bytes.
        assertThatThrownBy(() -> employees.replacePhoto(v2, photo(4), Step.AFTER_BLOB)).isInstanceOf(WriterDied.class);
        assertThat(employees.photo(employees.table().getEntity("Sales", "emp1"))).isEqualTo(photo(2));
        assertThatThrownBy(() -> employees.replacePhoto(v2, photo(5), Step.AFTER_POINTER)).isInstanceOf(WriterDied.class);
        TableEntity v3 = employees.table().getEntity("Sales", "emp1");
        assertThat(employees.photo(v3)).isEqualTo(photo(5));
        employees.assertEveryPointerLeadsToItsBytes();
        assertThat(employees.blobNames()).hasSize(3);
        assertThat(employees.sweepOrphans(OffsetDateTime.now().plusMinutes(1))).hasSize(2);
        assertThat(employees.blobNames()).containsExactly(Pointer.of(v3).blob());
    }

    @ParameterizedTest
    @EachStore
    void deletingRemovesTheEntityThenTheBlob(ServerFixture fixture) {
        Employees employees = employees(fixture, "delete");
        TableEntity emp1 = employees.create("Sales", "emp1", "Jones", photo(1), Step.NONE);
        TableEntity emp2 = employees.create("Sales", "emp2", "Smith", photo(2), Step.NONE);

        employees.delete(emp1, Step.NONE);
        assertThat(find(employees.table(), "Sales", "emp1")).isNull();
        assertThat(employees.blobNames()).containsExactly(Pointer.of(emp2).blob());

        // Dying between the two deletes leaves an orphan blob, which the sweeper removes.
        assertThatThrownBy(() -> employees.delete(emp2, Step.AFTER_POINTER)).isInstanceOf(WriterDied.class);
        assertThat(employees.table().listEntities()).isEmpty();
        assertThat(employees.blobNames()).containsExactly(Pointer.of(emp2).blob());
        assertThat(employees.sweepOrphans(OffsetDateTime.now().plusMinutes(1))).containsExactly(Pointer.of(emp2).blob());
        assertThat(employees.blobNames()).isEmpty();

        // An entity changed since it was read is not deleted, and its photo stays.
        TableEntity emp3 = employees.create("Sales", "emp3", "Brown", photo(3), Step.NONE);
        employees.table().updateEntity(new TableEntity("Sales", "emp3").addProperty("Name", "Browne"),
                TableEntityUpdateMode.MERGE);
        TableServiceException stale = catchThrowableOfType(TableServiceException.class,
                () -> employees.delete(emp3, Step.NONE));
        assertThat(stale).isNotNull();
        assertThat(stale.getResponse().getStatusCode()).isEqualTo(412);
        assertThat(employees.photo(employees.table().getEntity("Sales", "emp3"))).isEqualTo(photo(3));
    }

    private static Employees employees(ServerFixture fixture, String prefix) {
        String unique = SharedServers.uniqueTableName(prefix);
        TableClient table = SERVERS.service(fixture).createTable(unique + "Employees");
        BlobServiceClient blobs = new BlobServiceClientBuilder()
                .connectionString(SERVERS.server(fixture).connectionString())
                .retryOptions(new RequestRetryOptions(RetryPolicyType.FIXED, 1, (Duration) null, null, null, null))
                .buildClient();
        BlobContainerClient photos = blobs.createBlobContainer(unique.toLowerCase() + "-photos");
        return new Employees(table, photos);
    }

    /** A photo's bytes: 3 MiB, the same for the same seed. */
    private static byte[] photo(int seed) {
        byte[] bytes = new byte[PHOTO_BYTES];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    private static TableEntity find(TableClient table, String partitionKey, String rowKey) {
        try {
            return table.getEntity(partitionKey, rowKey);
        } catch (TableServiceException e) {
            if (e.getResponse().getStatusCode() == 404) {
                return null;
            }
            throw e;
        }
    }

    private static String md5(byte[] bytes) {
        return Base64.getEncoder().encodeToString(md5Bytes(bytes));
    }

    private static byte[] md5Bytes(byte[] bytes) {
        try {
            return MessageDigest.getInstance("MD5").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
