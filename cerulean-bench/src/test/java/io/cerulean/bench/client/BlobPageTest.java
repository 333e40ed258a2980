package io.cerulean.bench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BlobPageTest {
    @Test
    void aListingGivesEachBlobsNameAndTagValueAndTheNextMarker() {
        String xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?><EnumerationResults ServiceEndpoint=\"x\" "
                + "ContainerName=\"c\"><Blobs>"
                + "<Blob><Name>a</Name><Properties><Content-Length>0</Content-Length></Properties>"
                + "<Tags><TagSet><Tag><Key>other</Key><Value>o</Value></Tag><Tag><Key>project</Key><Value>p7</Value>"
                + "</Tag></TagSet></Tags></Blob>"
                + "<Blob><Name>b</Name><Properties/></Blob>"
                + "<Blob><Name>c</Name><Tags><TagSet><Tag><Key>project</Key><Value>p8</Value></Tag></TagSet></Tags>"
                + "</Blob></Blobs><NextMarker>2!8!Yw--</NextMarker></EnumerationResults>";

        BlobPage page = BlobPage.read(xml, "project");

        assertThat(page.blobs()).containsExactly(new BlobPage.Blob("a", "p7"), new BlobPage.Blob("b", null),
                new BlobPage.Blob("c", "p8"));
        assertThat(page.nextMarker()).isEqualTo("2!8!Yw--");
    }

    @Test
    void theLastPageHasNoMarkerAndFindBlobsAnswersReadTheSame() {
        String xml = "<EnumerationResults><Where>\"project\" = 'p7'</Where><Blobs><Blob><Name>x</Name>"
                + "<ContainerName>c</ContainerName><Tags><TagSet><Tag><Key>project</Key><Value>p7</Value></Tag>"
                + "</TagSet></Tags></Blob></Blobs><NextMarker /></EnumerationResults>";

        BlobPage page = BlobPage.read(xml, "project");

        assertThat(page.blobs()).containsExactly(new BlobPage.Blob("x", "p7"));
        assertThat(page.nextMarker()).isNull();
        assertThat(BlobPage.read("<EnumerationResults><Blobs /><NextMarker></NextMarker></EnumerationResults>",
                "project").blobs()).isEmpty();
    }

    @Test
    void aBlobWithoutItsNameOrEndIsRefused() {
        assertThatThrownBy(() -> BlobPage.read("<Blobs><Blob><Properties/></Blob></Blobs>", "k"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> BlobPage.read("<Blobs><Blob><Name>a</Name>", "k"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
