package io.cerulean.examples.largeentities;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobStorageException;
import io.cerulean.examples.largeentities.LargeEntities.Pointer;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import io.cerulean.junit5.CeruleanConnectionString;
import io.cerulean.junit5.CeruleanTest;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** What the guide promises of large entities, through the example's own code. */
@CeruleanTest(shared = true)
class LargeEntitiesTest {
    private static final int PHOTO_BYTES = 2 * 1024 * 1024;

    private final Traffic traffic = new Traffic();
    private TableClient table;
    private BlobContainerClient container;

    private LargeEntities example(String connectionString, String name) {
        table = Clients.tables(connectionString, traffic).createTableIfNotExists(name);
        container = Clients.blobs(connectionString, traffic).createBlobContainerIfNotExists(name.toLowerCase());
        return new LargeEntities(table, container, traffic, new PrintStream(OutputStream.nullOutputStream()));
    }

    @Test
    void aPhotoTooLargeForAnEntityIsABlobReadThroughThePointerInTwoRequests(@CeruleanConnectionString String cs) {
        LargeEntities example = example(cs, "LargeEntitiesRead");
        byte[] photo = photo(1);
        TableServiceException inline = catchThrowableOfType(TableServiceException.class, () -> table.createEntity(
                new TableEntity("Sales", "000123").addProperty("Name", "Don Jones").addProperty("Photo", photo)));
        assertThat(inline).as("the photo inside the entity").isNotNull();
        assertThat(inline.getResponse().getStatusCode()).isIn(400, 413);

        Traffic.Measured<Void> hired = traffic.measure(() -> {
            example.hire("Sales", "000123", "Don Jones", photo);
            return null;
        });
        Traffic.Measured<Optional<byte[]>> read = traffic.measure(() -> example.photo("Sales", "000123"));

        assertThat(read.value()).hasValueSatisfying(bytes -> assertThat(bytes).isEqualTo(photo));
        assertThat(read.cost().requests()).as("a point query, then the blob").isEqualTo(2);
        assertThat(read.cost().queryClasses()).containsExactly("POINT");
        assertThat(read.cost().entitiesRead()).isEqualTo(1);
        assertThat(hired.cost().requests()).as("the blob, then the entity").isEqualTo(2);
        TableEntity entity = example.employee("Sales", "000123").orElseThrow();
        assertThat(entity.getProperty("Name")).isEqualTo("Don Jones");
        assertThat(Pointer.of(entity).blob()).startsWith("Sales/000123/");
        assertThat(container.getBlobClient(Pointer.of(entity).blob()).getProperties().getMetadata())
                .containsEntry("owner", "Sales/000123");
    }

    @Test
    void aWriterThatDiesBetweenBlobAndEntityLeavesAnOrphanTheSweeperDeletesNeverADanglingPointer(
            @CeruleanConnectionString String cs) {
        LargeEntities example = example(cs, "LargeEntitiesCrash");
        example.hire("Sales", "000123", "Don Jones", photo(1));

        example.uploadPhoto("Sales", "000124", photo(2)); // and the writer dies before the entity

        assertThat(example.employee("Sales", "000124")).isEmpty();
        assertThat(blobNames()).hasSize(2);
        assertThat(example.photo("Sales", "000123")).hasValueSatisfying(b -> assertThat(b).isEqualTo(photo(1)));
        List<String> swept = example.sweepOrphans(OffsetDateTime.now().plusMinutes(1));
        assertThat(swept).singleElement().asString().startsWith("Sales/000124/");
        assertThat(blobNames()).containsExactly(Pointer.of(example.employee("Sales", "000123").orElseThrow()).blob());

        example.hire("Sales", "000124", "Ann Hall", photo(2));
        assertThat(example.photo("Sales", "000124")).hasValueSatisfying(b -> assertThat(b).isEqualTo(photo(2)));
        assertThat(example.sweepOrphans(OffsetDateTime.now().plusMinutes(1))).isEmpty();
    }

    @Test
    void aChangedPhotoMovesThePointerOnTheEntitysETagAndTheWriterThatLostDeletesItsOwnBlob(
            @CeruleanConnectionString String cs) {
        LargeEntities example = example(cs, "LargeEntitiesChange");
        example.hire("Sales", "000123", "Don Jones", photo(1));
        TableEntity v1 = example.employee("Sales", "000123").orElseThrow();
        TableEntity seenByOther = example.employee("Sales", "000123").orElseThrow();

        Traffic.Measured<Void> changed = traffic.measure(() -> {
            example.changePhoto(v1, photo(2));
            return null;
        });
        assertThat(changed.cost().requests()).as("the new blob, a conditional merge, the old blob deleted")
                .isEqualTo(3);
        TableServiceException lost = catchThrowableOfType(TableServiceException.class,
                () -> example.changePhoto(seenByOther, photo(3)));

        assertThat(lost).isNotNull();
        assertThat(lost.getResponse().getStatusCode()).isEqualTo(412);
        assertThat(lost.getValue().getErrorCode()).hasToString("UpdateConditionNotSatisfied");
        TableEntity v2 = example.employee("Sales", "000123").orElseThrow();
        assertThat(example.photo("Sales", "000123")).hasValueSatisfying(b -> assertThat(b).isEqualTo(photo(2)));
        assertThat(v2.getProperty("Name")).as("the merge kept the other properties").isEqualTo("Don Jones");
        assertThat(blobNames()).as("the first photo deleted, and the loser's").containsExactly(Pointer.of(v2).blob());
        BlobStorageException gone = catchThrowableOfType(BlobStorageException.class,
                () -> container.getBlobClient(Pointer.of(v1).blob()).downloadContent());
        assertThat(gone.getStatusCode()).isEqualTo(404);

        // Dying after the pointer moved leaves the old blob an orphan, never a pointer to nothing.
        example.movePointer(v2, example.uploadPhoto("Sales", "000123", photo(4)));
        assertThat(example.photo("Sales", "000123")).hasValueSatisfying(b -> assertThat(b).isEqualTo(photo(4)));
        assertThat(example.sweepOrphans(OffsetDateTime.now().plusMinutes(1))).containsExactly(Pointer.of(v2).blob());
        assertThat(blobNames()).hasSize(1);
    }

    @Test
    void removingDeletesTheEntityThenTheBlobAndAnEntityChangedSinceItWasReadStays(
            @CeruleanConnectionString String cs) {
        LargeEntities example = example(cs, "LargeEntitiesRemove");
        example.hire("Sales", "000123", "Don Jones", photo(1));
        example.hire("Sales", "000124", "Ann Hall", photo(2));

        TableEntity leaving = example.employee("Sales", "000123").orElseThrow();
        Traffic.Measured<Void> removed = traffic.measure(() -> {
            example.remove(leaving);
            return null;
        });
        assertThat(removed.cost().requests()).as("the entity, then the blob").isEqualTo(2);
        assertThat(example.employee("Sales", "000123")).isEmpty();
        assertThat(blobNames()).singleElement().asString().startsWith("Sales/000124/");

        TableEntity asRead = example.employee("Sales", "000124").orElseThrow();
        table.updateEntity(new TableEntity("Sales", "000124").addProperty("Name", "Ann Hall-Jones"),
                TableEntityUpdateMode.MERGE);
        TableServiceException stale = catchThrowableOfType(TableServiceException.class, () -> example.remove(asRead));
        assertThat(stale.getResponse().getStatusCode()).isEqualTo(412);
        assertThat(example.photo("Sales", "000124")).hasValueSatisfying(b -> assertThat(b).isEqualTo(photo(2)));
    }

    private List<String> blobNames() {
        return container.listBlobs().stream().map(BlobItem::getName).sorted().toList();
    }

    /** A photo's bytes: the same for the same seed. */
    private static byte[] photo(int seed) {
        byte[] bytes = new byte[PHOTO_BYTES];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }
}
