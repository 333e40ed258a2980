package io.cerulean.it.blob;

import com.azure.storage.blob.sas.BlobSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import com.azure.storage.blob.specialized.BlobClientBase;
import java.time.OffsetDateTime;

/**
 * A copy source's URL with a read SAS of its own, as the synchronous copies (Copy Blob From URL, Put
 * Blob From URL, Put Block From URL, Append Block From URL) need for a source in a private container,
 * whatever the account.
 */
final class SourceSas {
    private SourceSas() {
    }

    /** {@code source}'s URL (a snapshot's included) and a blob SAS that lets it be read for an hour. */
    static String readable(BlobClientBase source) {
        String sas = source.generateSas(new BlobServiceSasSignatureValues(OffsetDateTime.now().plusHours(1),
                new BlobSasPermission().setReadPermission(true)));
        String url = source.getBlobUrl();
        return url + (url.contains("?") ? "&" : "?") + sas;
    }

}
