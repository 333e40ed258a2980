package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.models.Block;
import com.azure.storage.blob.models.BlockListType;
import com.azure.storage.blob.specialized.BlockBlobClient;
import io.cerulean.it.ServerFixture;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * What Put Block and Put Block List check before they change anything: the MD5 a block list is sent
 * with, and that a blob's staged block ids all decode to one length. The SDK sends no MD5 of a block
 * list, so those requests go through its pipeline, signed with the account key.
 */
class BlockChecksTest {
    private static final ServerFixture STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
    private static final BlobServers SERVERS = new BlobServers();
    private static final String A = BlobData.blockId("block-a");

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    @Test
    void aBlockListWhoseContentMd5IsNotItsOwnIsMd5MismatchAndCommitsNothing() {
        BlobClient blob = SERVERS.newContainer(STORE, "blmd5").getBlobClient("listed");
        blob.getBlockBlobClient().stageBlock(A, BinaryData.fromString("staged"));
        byte[] list = ("<?xml version=\"1.0\" encoding=\"utf-8\"?><BlockList><Latest>" + A + "</Latest></BlockList>")
                .getBytes(StandardCharsets.UTF_8);

        HttpResponse wrong = putBlockList(blob, list, BlobData.md5("another body".getBytes(StandardCharsets.UTF_8)));

        assertThat(errorOf(wrong)).isEqualTo("400 Md5Mismatch");
        assertThat(blob.exists()).isFalse();
        assertThat(blob.getBlockBlobClient().listBlocks(BlockListType.UNCOMMITTED).getUncommittedBlocks())
                .extracting(Block::getName).containsExactly(A);

        HttpResponse right = putBlockList(blob, list, BlobData.md5(list));

        assertThat(right.getStatusCode()).isEqualTo(201);
        assertThat(blob.downloadContent().toString()).isEqualTo("staged");
    }

    /** "QQ==" decodes to one byte and "QUJD" to three: their text is as long, their ids are not. */
    @Test
    void aBlockIdThatDecodesToAnotherLengthThanTheStagedOnesIsInvalidBlobOrBlock() {
        BlockBlobClient blob = SERVERS.newContainer(STORE, "idbytes").getBlobClient("ids").getBlockBlobClient();
        blob.stageBlock("QQ==", BinaryData.fromString("one"));

        assertBlobError(() -> blob.stageBlock("QUJD", BinaryData.fromString("three")), 400, "InvalidBlobOrBlock");

        blob.stageBlock("Qg==", BinaryData.fromString("other"));
        assertThat(blob.listBlocks(BlockListType.UNCOMMITTED).getUncommittedBlocks()).extracting(Block::getName)
                .containsExactlyInAnyOrder("QQ==", "Qg==");
    }

    /**
     * Only staged blocks count: a blob committed with ids of one length is uploaded again with ids of
     * another, as a client of another SDK does.
     */
    @Test
    void aBlobCommittedWithIdsOfOneLengthTakesStagedBlocksOfAnother() {
        BlockBlobClient blob = SERVERS.newContainer(STORE, "idnew").getBlobClient("reloaded").getBlockBlobClient();
        blob.stageBlock(BlobData.blockId("short"), BinaryData.fromString("old"));
        blob.commitBlockList(List.of(BlobData.blockId("short")), true);

        String longer = BlobData.blockId("a much longer block id");
        blob.stageBlock(longer, BinaryData.fromString("new"));
        blob.commitBlockList(List.of(longer), true);

        assertThat(blob.downloadContent().toString()).isEqualTo("new");
    }

    private static HttpResponse putBlockList(BlobClient blob, byte[] list, byte[] md5) {
        HttpRequest request = new HttpRequest(HttpMethod.PUT, blob.getBlobUrl() + "?comp=blocklist")
                .setHeader(HttpHeaderName.fromString("x-ms-version"), "2025-01-05")
                .setHeader(HttpHeaderName.CONTENT_TYPE, "application/xml")
                .setHeader(HttpHeaderName.CONTENT_MD5, Base64.getEncoder().encodeToString(md5))
                .setBody(list);
        return SignedRequests.send(blob.getHttpPipeline(), request);
    }

    private static String errorOf(HttpResponse response) {
        return response.getStatusCode() + " " + response.getHeaderValue(HttpHeaderName.fromString("x-ms-error-code"));
    }
}
