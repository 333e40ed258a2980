package io.cerulean.it.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobListDetails;
import com.azure.storage.blob.models.BlobProperties;
import com.azure.storage.blob.models.BlobType;
import com.azure.storage.blob.models.BlockListType;
import com.azure.storage.blob.models.ListBlobsOptions;
import com.azure.storage.blob.models.PageRangeItem;
import com.azure.storage.blob.models.BlobRange;
import java.io.InputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;

/** What a user checks of a copied container, through the SDK: every blob the same as at the source. */
final class BlobAssertions {
    private BlobAssertions() {
    }

    static void sameContainers(BlobContainerClient source, BlobContainerClient copy) {
        assertThat(copy.getProperties().getMetadata()).isEqualTo(source.getProperties().getMetadata());
        assertThat(copy.getProperties().getBlobPublicAccess()).isEqualTo(source.getProperties().getBlobPublicAccess());
        ListBlobsOptions listing = new ListBlobsOptions().setDetails(new BlobListDetails().setRetrieveMetadata(true));
        List<String> names = source.listBlobs(listing, null).stream().map(BlobItem::getName).toList();
        assertThat(copy.listBlobs(listing, null).stream().map(BlobItem::getName).toList()).isEqualTo(names);
        for (String name : names) {
            sameBlobs(source.getBlobClient(name), copy.getBlobClient(name));
        }
    }

    static void sameBlobs(BlobClient source, BlobClient copy) {
        BlobProperties from = source.getProperties();
        BlobProperties to = copy.getProperties();
        String name = source.getBlobName();
        assertThat(to.getBlobType()).as(name).isEqualTo(from.getBlobType());
        assertThat(to.getBlobSize()).as(name).isEqualTo(from.getBlobSize());
        assertThat(to.getContentType()).as(name).isEqualTo(from.getContentType());
        assertThat(to.getContentEncoding()).as(name).isEqualTo(from.getContentEncoding());
        assertThat(to.getContentLanguage()).as(name).isEqualTo(from.getContentLanguage());
        assertThat(to.getContentDisposition()).as(name).isEqualTo(from.getContentDisposition());
        assertThat(to.getCacheControl()).as(name).isEqualTo(from.getCacheControl());
        assertThat(to.getContentMd5()).as(name).isEqualTo(from.getContentMd5());
        assertThat(to.getMetadata()).as(name).isEqualTo(from.getMetadata());
        assertThat(copy.getTags()).as(name).isEqualTo(source.getTags());
        if (from.getBlobType() == BlobType.BLOCK_BLOB) {
            assertThat(to.getAccessTier()).as(name).isEqualTo(from.getAccessTier());
            assertThat(copy.getBlockBlobClient().listBlocks(BlockListType.ALL).getCommittedBlocks())
                    .as(name).usingRecursiveFieldByFieldElementComparator()
                    .isEqualTo(source.getBlockBlobClient().listBlocks(BlockListType.ALL).getCommittedBlocks());
        }
        if (from.getBlobType() == BlobType.PAGE_BLOB) {
            assertThat(pageRanges(copy)).as(name).isEqualTo(pageRanges(source));
            assertThat(to.getBlobSequenceNumber()).as(name).isEqualTo(from.getBlobSequenceNumber());
        }
        assertThat(digest(copy)).as(name + "'s bytes").isEqualTo(digest(source));
    }

    static List<String> pageRanges(BlobClient blob) {
        return blob.getPageBlobClient().listPageRanges(new BlobRange(0)).stream()
                .map((PageRangeItem r) -> r.getRange().getOffset() + "+" + r.getRange().getLength() + (r.isClear() ? " clear" : ""))
                .toList();
    }

    /** The blob's SHA-256, read as a stream. */
    static String digest(BlobClient blob) {
        try (InputStream in = blob.openInputStream()) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                sha.update(buffer, 0, n);
            }
            return java.util.HexFormat.of().formatHex(sha.digest());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
