package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobData.blockId;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobRange;
import com.azure.storage.blob.models.BlobType;
import com.azure.storage.blob.models.BlockListType;
import com.azure.storage.blob.models.PageRange;
import com.azure.storage.blob.specialized.BlockBlobClient;
import com.azure.storage.blob.specialized.PageBlobClient;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.io.ByteArrayInputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * What a copy keeps of its source's structure: a block blob's committed blocks and their ids (so a
 * later Put Block List can name them, as Hadoop's WASB connector does after a rename), a page blob's
 * written pages; Copy Blob and Copy Blob From URL alike. Put Blob From URL keeps only the bytes, in a
 * block blob.
 */
class CopyBlockListTest {
    private static final BlobServers SERVERS = new BlobServers();
    private static final Duration POLL = Duration.ofMillis(50);

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    /** The two ways to copy within the account: Copy Blob, and Copy Blob From URL (the source read by its SAS). */
    private static List<BiConsumer<BlobClient, BlobClient>> copies() {
        return List.of((source, target) -> target.beginCopy(source.getBlobUrl(), POLL).waitForCompletion(),
                (source, target) -> target.copyFromUrl(SourceSas.readable(source)));
    }

    /** Copy, read the copy's committed list, stage one more block, commit the old ids and the new one. */
    @ParameterizedTest
    @EachStore
    void aCopiedBlockBlobKeepsItsCommittedBlocksSoANewListCanNameThem(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "cpblocks");
        BlockBlobClient source = container.getBlobClient("source").getBlockBlobClient();
        source.stageBlock(blockId("block-1"), BinaryData.fromString("first,"));
        source.stageBlock(blockId("block-2"), BinaryData.fromString("second,"));
        source.stageBlock(blockId("block-9"), BinaryData.fromString("never committed"));
        source.commitBlockList(List.of(blockId("block-1"), blockId("block-2")), true);
        source.stageBlock(blockId("block-8"), BinaryData.fromString("staged after"));
        List<Tuple> sourceBlocks = committed(source);

        int n = 0;
        for (BiConsumer<BlobClient, BlobClient> copy : copies()) {
            BlockBlobClient target = container.getBlobClient("target-" + n++).getBlockBlobClient();
            copy.accept(container.getBlobClient("source"), container.getBlobClient(target.getBlobName()));

            assertThat(committed(target)).isEqualTo(sourceBlocks)
                    .containsExactly(Tuple.tuple(blockId("block-1"), 6L), Tuple.tuple(blockId("block-2"), 7L));
            assertThat(target.listBlocks(BlockListType.UNCOMMITTED).getUncommittedBlocks())
                    .as("staged blocks are not copied").isEmpty();
            target.stageBlock(blockId("block-3"), BinaryData.fromString("third"));
            List<String> ids = new ArrayList<>();
            target.listBlocks(BlockListType.COMMITTED).getCommittedBlocks().forEach(b -> ids.add(b.getName()));
            ids.add(blockId("block-3"));
            target.commitBlockList(ids, true);

            assertThat(target.downloadContent().toString()).isEqualTo("first,second,third");
            assertThat(source.downloadContent().toString()).isEqualTo("first,second,");
        }
    }

    @ParameterizedTest
    @EachStore
    void aCopiedPageBlobKeepsItsWrittenPages(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "cppages");
        PageBlobClient source = container.getBlobClient("disk").getPageBlobClient();
        source.create(4096);
        byte[] page = BlobData.randomBytes(3, 512);
        source.uploadPages(new PageRange().setStart(1024).setEnd(1535), new ByteArrayInputStream(page));

        PageBlobClient target = container.getBlobClient("disk-copy").getPageBlobClient();
        container.getBlobClient("disk-copy").beginCopy(source.getBlobUrl(), POLL).waitForCompletion();

        assertThat(ranges(target)).containsExactly(Tuple.tuple(1024L, 1535L)).isEqualTo(ranges(source));
        assertThat(target.downloadContent().toBytes()).isEqualTo(source.downloadContent().toBytes());
    }

    /** Put Blob From URL makes a block blob of the source's bytes, whatever the source's type. */
    @ParameterizedTest
    @EachStore
    void aBlobPutFromAUrlIsABlockBlobWhateverTheSourcesType(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "fromurl");
        PageBlobClient source = container.getBlobClient("disk").getPageBlobClient();
        source.create(1024);
        source.uploadPages(new PageRange().setStart(0).setEnd(511),
                new ByteArrayInputStream(BlobData.randomBytes(4, 512)));

        BlockBlobClient target = container.getBlobClient("flat").getBlockBlobClient();
        target.uploadFromUrl(SourceSas.readable(source), true);

        assertThat(target.getProperties().getBlobType()).isEqualTo(BlobType.BLOCK_BLOB);
        assertThat(target.downloadContent().toBytes()).isEqualTo(source.downloadContent().toBytes());
    }

    private static List<Tuple> committed(BlockBlobClient blob) {
        return blob.listBlocks(BlockListType.COMMITTED).getCommittedBlocks().stream()
                .map(b -> Tuple.tuple(b.getName(), b.getSizeLong())).toList();
    }

    private static List<Tuple> ranges(PageBlobClient blob) {
        return blob.listPageRanges(new BlobRange(0)).stream().filter(item -> !item.isClear())
                .map(item -> Tuple.tuple(item.getRange().getOffset(),
                        item.getRange().getOffset() + item.getRange().getLength() - 1))
                .toList();
    }
}
