package io.cerulean.blob.rest.xml;

import io.cerulean.blob.rest.auth.UserDelegationKey;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.xml.InvalidXml;
import io.cerulean.http.xml.XmlDocuments;
import io.cerulean.http.xml.XmlElement;
import io.cerulean.http.xml.XmlWriter;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The documents of Get User Delegation Key: the request's {@code KeyInfo} ({@code Start} optional,
 * {@code Expiry}, and {@code DelegatedUserTid} from 2025-07-05), and the {@code UserDelegationKey}
 * answered. Times are ISO 8601 with a zone, kept to the second, and written back as
 * {@code YYYY-MM-DDThh:mm:ssZ}, the form the SDKs put into a SAS unchanged.
 */
public final class UserDelegationKeyXml {
    private UserDelegationKeyXml() {
    }

    /**
     * What a {@code KeyInfo} asks for: its times (the start empty when not given) and the tenant of
     * the user the SAS is to be bound to (empty when none).
     */
    public record KeyInfo(Optional<Instant> start, Instant expiry, String delegatedUserTenantId) {
    }

    /** @throws ServiceException 400 InvalidXmlDocument or InvalidXmlNodeValue */
    public static KeyInfo read(byte[] body) {
        XmlElement root = XmlDocuments.parse(body);
        if (!root.name().equals("KeyInfo")) {
            throw InvalidXml.document("The root element must be KeyInfo; it is " + root.name() + ".");
        }
        Optional<Instant> start = root.optionalChild("Start").map(XmlElement::value).filter(v -> !v.isEmpty())
                .map(v -> time("Start", v));
        Instant expiry = time("Expiry", root.child("Expiry").value());
        String tenant = root.optionalChild("DelegatedUserTid").map(XmlElement::value).orElse("");
        return new KeyInfo(start, expiry, tenant);
    }

    /** A time the service takes, truncated to the second; 400 InvalidXmlNodeValue naming the node otherwise. */
    private static Instant time(String node, String value) {
        try {
            return OffsetDateTime.parse(value, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant()
                    .truncatedTo(ChronoUnit.SECONDS);
        } catch (DateTimeException e) {
            throw invalidNode(node, value, node + " must be an ISO 8601 date and time with a zone, such as "
                    + "2026-01-31T12:00:00Z.");
        }
    }

    /** 400 InvalidXmlNodeValue with the node's name and value, as the service details it. */
    public static ServiceException invalidNode(String node, String value, String detail) {
        Map<String, String> details = new LinkedHashMap<>();
        details.put("XmlNodeName", node);
        details.put("XmlNodeValue", value);
        return new ServiceException(CommonError.INVALID_XML_NODE_VALUE,
                CommonError.INVALID_XML_NODE_VALUE.message() + " " + detail, details);
    }

    /** The answer: the key's fields and its value, base64. */
    public static byte[] write(UserDelegationKey key, byte[] value) {
        XmlWriter xml = new XmlWriter().start("UserDelegationKey")
                .element("SignedOid", key.objectId())
                .element("SignedTid", key.tenantId())
                .element("SignedStart", key.start().toString())
                .element("SignedExpiry", key.expiry().toString())
                .element("SignedService", key.service())
                .element("SignedVersion", key.version());
        if (!key.delegatedUserTenantId().isEmpty()) {
            xml.element("SignedDelegatedUserTid", key.delegatedUserTenantId());
        }
        return xml.element("Value", java.util.Base64.getEncoder().encodeToString(value))
                .end("UserDelegationKey").bytes();
    }
}
