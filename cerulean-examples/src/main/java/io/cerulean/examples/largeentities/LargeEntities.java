package io.cerulean.examples.largeentities;

import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobListDetails;
import com.azure.storage.blob.models.BlobRequestConditions;
import com.azure.storage.blob.models.BlockBlobItem;
import com.azure.storage.blob.models.DeleteSnapshotsOptionType;
import com.azure.storage.blob.models.DownloadRetryOptions;
import com.azure.storage.blob.models.ListBlobsOptions;
import com.azure.storage.blob.options.BlobParallelUploadOptions;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import java.io.PrintStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;

/**
 * The large entities pattern: an employee's photo, too large for an entity (1 MiB at most, a
 * binary property 64 KiB), is a blob, and the employee entity holds a pointer to it: the blob's
 * name and the ETag and MD5 it was written with. No transaction spans a table and a container, so
 * the order of the steps keeps them consistent: writing, the blob first under a name never used
 * before, then the entity; changing the photo, a new blob, then the pointer moved on the entity's
 * ETag (a writer that lost the race deletes its own blob), then the old blob deleted; removing,
 * the entity first, then the blob. A writer that dies between two steps leaves at worst a blob no
 * entity points at, never an entity that points at nothing or at other bytes; a sweeper deletes
 * such orphans, each blob naming its owner in its metadata so that no table scan is needed.
 * Reading an employee with their photo is two requests: a point query, then the blob.
 */
public final class LargeEntities {
    static final String TABLE = "EmployeePhotos";
    static final String CONTAINER = "photos";
    private static final String OWNER = "owner";

    private final TableClient employees;
    private final BlobContainerClient photos;
    private final Traffic traffic;
    private final PrintStream out;

    public LargeEntities(TableClient employees, BlobContainerClient photos, Traffic traffic, PrintStream out) {
        this.employees = employees;
        this.photos = photos;
        this.traffic = traffic;
        this.out = out;
    }

    /** Where an employee's photo is and which bytes it must be. */
    public record Pointer(String blob, String etag, String md5) {
        static Pointer of(TableEntity entity) {
            return new Pointer((String) entity.getProperty("Photo"), (String) entity.getProperty("PhotoETag"),
                    (String) entity.getProperty("PhotoMD5"));
        }

        TableEntity addTo(TableEntity entity) {
            return entity.addProperty("Photo", blob).addProperty("PhotoETag", etag).addProperty("PhotoMD5", md5);
        }
    }

    /** Hires an employee with a photo: the blob, then the entity that points at it. */
    public void hire(String department, String id, String name, byte[] photo) {
        Traffic.Measured<Void> hired = traffic.measure(() -> {
            Pointer pointer = uploadPhoto(department, id, photo);
            employees.createEntity(pointer.addTo(new TableEntity(department, id).addProperty("Name", name)));
            return null;
        });
        out.printf("hire %s with a photo of %d bytes: %s%n", id, photo.length, hired.cost());
    }

    /** An employee's entity, as read now (its ETag the condition of a later change): a point query. */
    public Optional<TableEntity> employee(String department, String id) {
        return employees.listEntities(new ListEntitiesOptions().setFilter("PartitionKey eq '" + quoted(department)
                + "' and RowKey eq '" + quoted(id) + "'"), null, null).stream().findFirst();
    }

    /** An employee's photo: the entity, then the bytes it points at, which must be those it names. */
    public Optional<byte[]> photo(String department, String id) {
        Traffic.Measured<Optional<byte[]>> read = traffic.measure(() -> employee(department, id).map(entity -> {
            Pointer pointer = Pointer.of(entity);
            byte[] bytes = photos.getBlobClient(pointer.blob()).downloadContentWithResponse(new DownloadRetryOptions(),
                    new BlobRequestConditions().setIfMatch(pointer.etag()), null, Context.NONE).getValue().toBytes();
            if (!md5(bytes).equals(pointer.md5())) {
                throw new IllegalStateException("the photo of " + id + " is not the one its entity names");
            }
            return bytes;
        }));
        out.printf("the photo of %s: %s%n", id, read.cost());
        return read.value();
    }

    /**
     * Gives an employee, as read before, a new photo: a new blob, the pointer moved if the entity is
     * still as read (else the new blob is deleted and the 412 thrown), then the old blob deleted.
     */
    public void changePhoto(TableEntity asRead, byte[] photo) {
        Traffic.Measured<Void> changed = traffic.measure(() -> {
            Pointer fresh = uploadPhoto(asRead.getPartitionKey(), asRead.getRowKey(), photo);
            movePointer(asRead, fresh);
            deleteBlob(Pointer.of(asRead));
            return null;
        });
        out.printf("a new photo for %s: %s%n", asRead.getRowKey(), changed.cost());
    }

    /** Removes an employee, as read before: the entity (if unchanged since), then the photo. */
    public void remove(TableEntity asRead) {
        Traffic.Measured<Void> removed = traffic.measure(() -> {
            employees.deleteEntityWithResponse(asRead, true, null, Context.NONE);
            deleteBlob(Pointer.of(asRead));
            return null;
        });
        out.printf("remove %s: %s%n", asRead.getRowKey(), removed.cost());
    }

    /** The first step of a write: the photo under a name never used, refusing to overwrite. */
    public Pointer uploadPhoto(String department, String id, byte[] photo) {
        String name = department + "/" + id + "/" + UUID.randomUUID() + ".jpg";
        BlockBlobItem item = photos.getBlobClient(name).uploadWithResponse(
                new BlobParallelUploadOptions(BinaryData.fromBytes(photo))
                        .setMetadata(Map.of(OWNER, department + "/" + id))
                        .setRequestConditions(new BlobRequestConditions().setIfNoneMatch("*")),
                null, Context.NONE).getValue();
        return new Pointer(name, item.getETag(), md5(photo));
    }

    /** The second step of a change: the pointer merged into the entity, only if it is still as read. */
    public void movePointer(TableEntity asRead, Pointer fresh) {
        TableEntity moved = fresh.addTo(new TableEntity(asRead.getPartitionKey(), asRead.getRowKey()))
                .addProperty("odata.etag", asRead.getETag());
        try {
            employees.updateEntityWithResponse(moved, TableEntityUpdateMode.MERGE, true, null, Context.NONE);
        } catch (TableServiceException e) {
            photos.getBlobClient(fresh.blob()).delete(); // it lost the race: its blob is nobody's
            throw e;
        }
    }

    private void deleteBlob(Pointer pointer) {
        photos.getBlobClient(pointer.blob()).deleteWithResponse(DeleteSnapshotsOptionType.INCLUDE,
                new BlobRequestConditions().setIfMatch(pointer.etag()), null, Context.NONE);
    }

    /**
     * Deletes the blobs no entity points at, last modified before {@code olderThan}: the orphans of
     * writers that died. The age spares a writer between its two steps; minutes in production.
     */
    public List<String> sweepOrphans(OffsetDateTime olderThan) {
        Traffic.Measured<List<String>> swept = traffic.measure(() -> {
            List<String> names = new ArrayList<>();
            ListBlobsOptions withMetadata = new ListBlobsOptions()
                    .setDetails(new BlobListDetails().setRetrieveMetadata(true));
            for (BlobItem blob : photos.listBlobs(withMetadata, null)) {
                if (!blob.getProperties().getLastModified().isBefore(olderThan)) {
                    continue;
                }
                String[] owner = blob.getMetadata().get(OWNER).split("/", 2);
                boolean pointedAt = employee(owner[0], owner[1])
                        .map(entity -> Pointer.of(entity).blob().equals(blob.getName())).orElse(false);
                if (!pointedAt) {
                    // Only the bytes looked at: a blob written since keeps its new ETag and is spared.
                    photos.getBlobClient(blob.getName()).deleteWithResponse(DeleteSnapshotsOptionType.INCLUDE,
                            new BlobRequestConditions().setIfMatch(blob.getProperties().getETag()), null,
                            Context.NONE);
                    names.add(blob.getName());
                }
            }
            return names;
        });
        out.printf("sweep: %d orphans deleted, %s%n", swept.value().size(), swept.cost());
        return swept.value();
    }

    static String md5(byte[] bytes) {
        try {
            return Base64.getEncoder().encodeToString(MessageDigest.getInstance("MD5").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String quoted(String value) {
        return value.replace("'", "''");
    }

    /** An employee with a 2 MiB photo, read back, given a new one, then removed. */
    public static void main(String[] args) {
        Traffic traffic = new Traffic();
        String connectionString = Clients.connectionString(args);
        TableClient table = Clients.tables(connectionString, traffic).createTableIfNotExists(TABLE);
        BlobContainerClient container = Clients.blobs(connectionString, traffic).getBlobContainerClient(CONTAINER);
        container.createIfNotExists();
        try {
            LargeEntities example = new LargeEntities(table, container, traffic, System.out);
            byte[] photo = new byte[2 * 1024 * 1024];
            new Random(1).nextBytes(photo);
            example.hire("Sales", "000123", "Don Jones", photo);
            example.photo("Sales", "000123");
            example.changePhoto(example.employee("Sales", "000123").orElseThrow(), new byte[300_000]);
            example.photo("Sales", "000123");
            example.remove(example.employee("Sales", "000123").orElseThrow());
            example.sweepOrphans(OffsetDateTime.now().minusMinutes(10));
        } finally {
            table.deleteTable();
            container.delete();
        }
    }
}
