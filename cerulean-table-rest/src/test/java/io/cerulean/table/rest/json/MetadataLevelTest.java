package io.cerulean.table.rest.json;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.http.message.AzureRequest;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Contract section 2.1: Accept and $format negotiation of the JSON metadata level. */
class MetadataLevelTest {
    private static AzureRequest request(String format, String accept) {
        DefaultHttpHeaders headers = new DefaultHttpHeaders();
        if (accept != null) {
            headers.add("Accept", accept);
        }
        Map<String, List<String>> query = format == null ? Map.of() : Map.of("$format", List.of(format));
        return new AzureRequest("GET", "/devstoreaccount1/Tables", query, headers, new byte[0], false, "127.0.0.1");
    }

    @ParameterizedTest(name = "Accept: {0}")
    @CsvSource(delimiter = '|', value = {
        "application/json;odata=nometadata | NO_METADATA",
        "application/json;odata=minimalmetadata | MINIMAL_METADATA",
        "application/json;odata=fullmetadata | FULL_METADATA",
        "application/json; odata=minimalmetadata | MINIMAL_METADATA",
        "application/json; odata=nometadata | NO_METADATA",
        "application/json ; odata = fullmetadata | FULL_METADATA",
        "Application/JSON;OData=NoMetadata | NO_METADATA",
        "APPLICATION/JSON;ODATA=FULLMETADATA | FULL_METADATA",
        "application/json;odata=fullmetadata;charset=utf-8 | FULL_METADATA",
        "application/json;charset=utf-8;odata=nometadata | NO_METADATA",
        "application/json | MINIMAL_METADATA",
        "application/xml | MINIMAL_METADATA",
        "*/* | MINIMAL_METADATA"
    })
    void acceptHeaderChoosesTheLevel(String accept, MetadataLevel expected) {
        assertThat(MetadataLevel.negotiate(request(null, accept))).isEqualTo(expected);
    }

    @Test
    void missingAcceptAndFormatMeanMinimal() {
        assertThat(MetadataLevel.negotiate(request(null, null))).isEqualTo(MetadataLevel.MINIMAL_METADATA);
    }

    @Test
    void formatOverridesAccept() {
        assertThat(MetadataLevel.negotiate(request("application/json;odata=fullmetadata",
                "application/json;odata=nometadata"))).isEqualTo(MetadataLevel.FULL_METADATA);
        assertThat(MetadataLevel.negotiate(request("application/json;odata=nometadata",
                "application/json;odata=fullmetadata"))).isEqualTo(MetadataLevel.NO_METADATA);
        assertThat(MetadataLevel.negotiate(request("application/json",
                "application/json;odata=fullmetadata"))).isEqualTo(MetadataLevel.MINIMAL_METADATA);
    }

    @Test
    void formatAloneWithSpacesAndCase() {
        assertThat(MetadataLevel.negotiate(request("application/json; odata=minimalmetadata", null)))
                .isEqualTo(MetadataLevel.MINIMAL_METADATA);
        assertThat(MetadataLevel.negotiate(request("Application/Json; OData=FullMetadata", null)))
                .isEqualTo(MetadataLevel.FULL_METADATA);
    }

    @Test
    void wireNamesAndContentTypes() {
        assertThat(MetadataLevel.NO_METADATA.contentType())
                .isEqualTo("application/json;odata=nometadata;streaming=true;charset=utf-8");
        assertThat(MetadataLevel.MINIMAL_METADATA.contentType())
                .isEqualTo("application/json;odata=minimalmetadata;streaming=true;charset=utf-8");
        assertThat(MetadataLevel.FULL_METADATA.contentType())
                .isEqualTo("application/json;odata=fullmetadata;streaming=true;charset=utf-8");
    }
}
