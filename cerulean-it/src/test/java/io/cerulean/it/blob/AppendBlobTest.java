package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.rest.Response;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.models.AppendBlobItem;
import com.azure.storage.blob.models.AppendBlobRequestConditions;
import com.azure.storage.blob.models.BlobHttpHeaders;
import com.azure.storage.blob.models.BlobProperties;
import com.azure.storage.blob.models.BlobType;
import com.azure.storage.blob.specialized.AppendBlobClient;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Append blobs: create (201, then 409 without overwrite), Append Block (201, offsets and block counts),
 * the append-position and maximum-size conditions, and appends to a blob of another type.
 */
class AppendBlobTest {
    private static final BlobServers SERVERS = new BlobServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    private static Response<AppendBlobItem> append(AppendBlobClient blob, String text,
            AppendBlobRequestConditions conditions) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return blob.appendBlockWithResponse(new ByteArrayInputStream(bytes), bytes.length, null, conditions, null,
                Context.NONE);
    }

    @ParameterizedTest
    @EachStore
    void blocksAreAppendedInOrderAtTheReportedOffsets(ServerFixture store) {
        BlobClient client = SERVERS.newContainer(store, "app").getBlobClient("log.txt");
        AppendBlobClient blob = client.getAppendBlobClient();

        Response<AppendBlobItem> created = blob.createWithResponse(null, null, null, null, Context.NONE);
        Response<AppendBlobItem> first = append(blob, "first line\n", null);
        Response<AppendBlobItem> second = append(blob, "second\n", null);

        assertThat(created.getStatusCode()).isEqualTo(201);
        assertThat(first.getStatusCode()).isEqualTo(201);
        assertThat(first.getValue().getBlobAppendOffset()).isEqualTo("0");
        assertThat(second.getValue().getBlobAppendOffset()).isEqualTo("11");
        assertThat(second.getValue().getBlobCommittedBlockCount()).isEqualTo(2);
        assertThat(second.getValue().getETag()).isNotEqualTo(first.getValue().getETag());
        assertThat(client.downloadContent().toString()).isEqualTo("first line\nsecond\n");
        BlobProperties properties = client.getProperties();
        assertThat(properties.getBlobType()).isEqualTo(BlobType.APPEND_BLOB);
        assertThat(properties.getBlobSize()).isEqualTo(18);
        assertThat(properties.getCommittedBlockCount()).isEqualTo(2);
    }

    /** The service answers Content-MD5 to Put Blob for a block blob only; an append blob gets none computed. */
    @ParameterizedTest
    @EachStore
    void createAnswersNoContentMd5(ServerFixture store) {
        BlobClient client = SERVERS.newContainer(store, "appmd5").getBlobClient("log.txt");

        Response<AppendBlobItem> created = client.getAppendBlobClient().createWithResponse(null, null, null, null,
                Context.NONE);

        assertThat(created.getHeaders().getValue(HttpHeaderName.fromString("Content-MD5"))).isNull();
        assertThat(created.getValue().getContentMd5()).isNull();
        assertThat(client.getProperties().getContentMd5()).isNull();
    }

    /** {@code x-ms-blob-content-md5} on creation is a property, kept as sent whatever its length. */
    @ParameterizedTest
    @EachStore
    void createKeepsAnMd5OfAnotherLengthAsSent(ServerFixture store) {
        BlobClient client = SERVERS.newContainer(store, "appmd5l").getBlobClient("log.txt");
        byte[] fiveBytes = {1, 2, 3, 4, 5};

        client.getAppendBlobClient().createWithResponse(new BlobHttpHeaders().setContentMd5(fiveBytes), null, null,
                null, Context.NONE);

        assertThat(client.getProperties().getContentMd5()).isEqualTo(fiveBytes);
    }

    @ParameterizedTest
    @EachStore
    void creatingOverAnExistingBlobNeedsOverwrite(ServerFixture store) {
        AppendBlobClient blob = SERVERS.newContainer(store, "appc").getBlobClient("again").getAppendBlobClient();
        blob.create();
        append(blob, "kept", null);

        assertBlobError(blob::create, 409, "BlobAlreadyExists");
        assertThat(blob.downloadContent().toString()).isEqualTo("kept");

        blob.create(true);
        assertThat(blob.getProperties().getBlobSize()).as("size after create with overwrite").isZero();
    }

    @ParameterizedTest
    @EachStore
    void anAppendAtAnotherPositionIsAppendPositionConditionNotMet(ServerFixture store) {
        AppendBlobClient blob = SERVERS.newContainer(store, "apos").getBlobClient("pos").getAppendBlobClient();
        blob.create();
        append(blob, "12345", null);

        assertBlobError(() -> append(blob, "x", new AppendBlobRequestConditions().setAppendPosition(4L)), 412,
                "AppendPositionConditionNotMet");
        assertBlobError(() -> append(blob, "x", new AppendBlobRequestConditions().setAppendPosition(0L)), 412,
                "AppendPositionConditionNotMet");

        Response<AppendBlobItem> atTheEnd = append(blob, "6", new AppendBlobRequestConditions().setAppendPosition(5L));
        assertThat(atTheEnd.getValue().getBlobAppendOffset()).isEqualTo("5");
        assertThat(blob.downloadContent().toString()).isEqualTo("123456");
    }

    @ParameterizedTest
    @EachStore
    void anAppendBeyondTheMaximumSizeIsMaxBlobSizeConditionNotMet(ServerFixture store) {
        AppendBlobClient blob = SERVERS.newContainer(store, "amax").getBlobClient("max").getAppendBlobClient();
        blob.create();
        append(blob, "12345", null);

        assertBlobError(() -> append(blob, "678", new AppendBlobRequestConditions().setMaxSize(7L)), 412,
                "MaxBlobSizeConditionNotMet");

        append(blob, "67", new AppendBlobRequestConditions().setMaxSize(7L));
        assertThat(blob.downloadContent().toString()).as("an append that reaches the maximum exactly")
                .isEqualTo("1234567");
    }

    @ParameterizedTest
    @EachStore
    void appendingToABlockBlobIsInvalidBlobTypeAndToNothingBlobNotFound(ServerFixture store) {
        var container = SERVERS.newContainer(store, "atype");
        BlobClient blockBlob = container.getBlobClient("block");
        blockBlob.upload(BinaryData.fromString("block contents"));

        assertBlobError(() -> append(blockBlob.getAppendBlobClient(), "x", null), 409, "InvalidBlobType");
        assertBlobError(() -> append(container.getBlobClient("missing").getAppendBlobClient(), "x", null), 404,
                "BlobNotFound");
        assertThat(blockBlob.downloadContent().toString()).isEqualTo("block contents");
    }

    @ParameterizedTest
    @EachStore
    void uploadingABlockBlobReplacesAnAppendBlob(ServerFixture store) {
        BlobClient client = SERVERS.newContainer(store, "arepl").getBlobClient("replaced");
        client.getAppendBlobClient().create();
        append(client.getAppendBlobClient(), "appended", null);

        client.upload(BinaryData.fromString("now a block blob"), true);

        assertThat(client.getProperties().getBlobType()).isEqualTo(BlobType.BLOCK_BLOB);
        assertThat(client.downloadContent().toString()).isEqualTo("now a block blob");
        assertBlobError(() -> append(client.getAppendBlobClient(), "x", null), 409, "InvalidBlobType");
    }
}
