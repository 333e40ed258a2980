package io.cerulean.blob.rest.xml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.blob.rest.auth.UserDelegationKey;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class UserDelegationKeyXmlTest {
    private static UserDelegationKeyXml.KeyInfo read(String xml) {
        return UserDelegationKeyXml.read(xml.getBytes(StandardCharsets.UTF_8));
    }

    private static ServiceException refused(String xml) {
        return catchThrowableOfType(ServiceException.class, () -> read(xml));
    }

    @Test
    void timesAreReadToTheSecondInUtc() {
        assertThat(read("<?xml version=\"1.0\" encoding=\"utf-8\"?><KeyInfo><Start>2026-11-29T06:00:00.9876543Z</Start>"
                + "<Expiry>2026-11-29T10:00:00+02:00</Expiry></KeyInfo>"))
                .isEqualTo(new UserDelegationKeyXml.KeyInfo(Optional.of(Instant.parse("2026-11-29T06:00:00Z")),
                        Instant.parse("2026-11-29T08:00:00Z"), ""));
        assertThat(read("<KeyInfo><Start /><Expiry>2026-11-29T08:00:00Z</Expiry>"
                + "<DelegatedUserTid>t</DelegatedUserTid></KeyInfo>"))
                .isEqualTo(new UserDelegationKeyXml.KeyInfo(Optional.empty(), Instant.parse("2026-11-29T08:00:00Z"), "t"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"<KeyInfo><Start>2026-11-29T06:00:00Z</Start></KeyInfo>", "<KeyInfo><Expiry>",
            "<Other><Expiry>2026-11-29T08:00:00Z</Expiry></Other>",
            "<KeyInfo><Expiry>2026-11-29T08:00:00Z</Expiry><Expiry>2026-11-29T08:00:00Z</Expiry></KeyInfo>"})
    void aDocumentWithoutOneExpiryIsInvalidXmlDocument(String xml) {
        assertThat(refused(xml).errorCode()).isEqualTo(CommonError.INVALID_XML_DOCUMENT);
    }

    @ParameterizedTest
    @ValueSource(strings = {"tomorrow", "2026-11-29", "2026-11-29T08:00:00", "2026-13-01T00:00:00Z"})
    void anExpiryThatIsNoTimeWithAZoneIsInvalidXmlNodeValueNamingIt(String expiry) {
        ServiceException e = refused("<KeyInfo><Expiry>" + expiry + "</Expiry></KeyInfo>");
        assertThat(e.errorCode()).isEqualTo(CommonError.INVALID_XML_NODE_VALUE);
        assertThat(e.details()).containsEntry("XmlNodeName", "Expiry").containsEntry("XmlNodeValue", expiry);
    }

    @Test
    void theKeyIsWrittenAsTheServiceWritesIt() {
        UserDelegationKey key = new UserDelegationKey("oid-1", "tid-1", Instant.parse("2026-11-29T06:00:00Z"),
                Instant.parse("2026-11-29T08:00:00Z"), "b", "2025-05-05", "");
        assertThat(new String(UserDelegationKeyXml.write(key, new byte[] {1, 2, 3}), StandardCharsets.UTF_8))
                .endsWith("<UserDelegationKey><SignedOid>oid-1</SignedOid><SignedTid>tid-1</SignedTid>"
                        + "<SignedStart>2026-11-29T06:00:00Z</SignedStart><SignedExpiry>2026-11-29T08:00:00Z</SignedExpiry>"
                        + "<SignedService>b</SignedService><SignedVersion>2025-05-05</SignedVersion>"
                        + "<Value>AQID</Value></UserDelegationKey>");
    }
}
