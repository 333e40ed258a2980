package io.cerulean.http.acl;

import io.cerulean.common.acl.AccessPolicies;
import io.cerulean.common.acl.StoredAccessPolicy;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.SevenDigitTimes;
import io.cerulean.http.xml.InvalidXml;
import io.cerulean.http.xml.XmlDocuments;
import io.cerulean.http.xml.XmlElement;
import io.cerulean.http.xml.XmlWriter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code <SignedIdentifiers>} document of Get and Set Table ACL (contract 3.5, 3.6), and of
 * Get and Set Queue ACL, which share it:
 * <pre>
 * &lt;SignedIdentifiers&gt;
 *   &lt;SignedIdentifier&gt;
 *     &lt;Id&gt;policy1&lt;/Id&gt;
 *     &lt;AccessPolicy&gt;                         (optional)
 *       &lt;Start&gt;2021-07-08T09:10:09.0000000Z&lt;/Start&gt;   (each optional)
 *       &lt;Expiry&gt;...&lt;/Expiry&gt;
 *       &lt;Permission&gt;raud&lt;/Permission&gt;
 *     &lt;/AccessPolicy&gt;
 *   &lt;/SignedIdentifier&gt;
 * &lt;/SignedIdentifiers&gt;
 * </pre>
 * Reading accepts the times every SDK sends (with or without fractional seconds, {@code Z} or an
 * offset: the Java SDK sends {@code 2021-07-08T09:10:09+02:00}); writing gives them seven
 * fractional digits in UTC, as the service does. A policy without fields is written without its
 * {@code AccessPolicy} element, absent fields without theirs.
 *
 * <p>Both ways go through the kernel's XML kit. Reading is stricter than the kit: this schema is
 * closed, so an element it does not name, text where only elements belong, or an element inside a
 * value is InvalidXmlDocument, as is anything not well-formed (including any DTD: no entity is
 * ever expanded or fetched); a value out of bounds is InvalidXmlNodeValue. Which permission
 * letters a policy may hold is the service's to say: callers hold what is read to theirs with
 * {@link AccessPolicies#requirePermissions}.
 */
public final class SignedIdentifiersXml {
    private static final String ROOT = "SignedIdentifiers";
    private static final String IDENTIFIER = "SignedIdentifier";
    private static final String ID = "Id";
    private static final String POLICY = "AccessPolicy";
    private static final String START = "Start";
    private static final String EXPIRY = "Expiry";
    private static final String PERMISSION = "Permission";

    private SignedIdentifiersXml() {
    }

    /** The Get Table (or Queue) ACL body. */
    public static byte[] write(AccessPolicies acl) {
        XmlWriter xml = new XmlWriter();
        if (acl.policies().isEmpty()) {
            return xml.empty(ROOT).bytes();
        }
        xml.start(ROOT);
        for (StoredAccessPolicy policy : acl.policies()) {
            xml.start(IDENTIFIER).element(ID, policy.id());
            if (policy.start().isPresent() || policy.expiry().isPresent() || policy.permission().isPresent()) {
                xml.start(POLICY);
                policy.start().ifPresent(t -> xml.element(START, SevenDigitTimes.format(t)));
                policy.expiry().ifPresent(t -> xml.element(EXPIRY, SevenDigitTimes.format(t)));
                policy.permission().ifPresent(p -> xml.element(PERMISSION, p));
                xml.end(POLICY);
            }
            xml.end(IDENTIFIER);
        }
        return xml.end(ROOT).bytes();
    }

    /**
     * The ACL a Set Table (or Queue) ACL body asks for; an empty (or blank) body asks for none.
     * Permission letters are not checked here.
     *
     * @throws ServiceException InvalidXmlDocument or InvalidXmlNodeValue, as above
     */
    public static AccessPolicies read(byte[] body) {
        if (new String(body, StandardCharsets.UTF_8).isBlank()) {
            return AccessPolicies.empty();
        }
        XmlElement root = XmlDocuments.parse(body);
        if (!root.name().equals(ROOT)) {
            throw InvalidXml.document("The root element must be <" + ROOT + ">.");
        }
        List<StoredAccessPolicy> policies = new ArrayList<>();
        for (XmlElement identifier : elementsOnly(root, Set.of(IDENTIFIER))) {
            policies.add(identifier(identifier));
        }
        return new AccessPolicies(policies);
    }

    private static StoredAccessPolicy identifier(XmlElement identifier) {
        elementsOnly(identifier, Set.of(ID, POLICY));
        String id = textOnly(identifier.child(ID)).text();
        Optional<XmlElement> policy = identifier.optionalChild(POLICY);
        if (policy.isPresent()) {
            elementsOnly(policy.get(), Set.of(START, EXPIRY, PERMISSION));
        }
        // Converted only now that the id is known, whichever order the elements came in, so errors can name it.
        return new StoredAccessPolicy(id, instant(policy, START, id), instant(policy, EXPIRY, id),
                text(policy, PERMISSION));
    }

    /** The children of an element that may hold only the elements named (whitespace aside). */
    private static List<XmlElement> elementsOnly(XmlElement element, Set<String> allowed) {
        if (!element.text().isBlank()) {
            throw InvalidXml.document("Text is not allowed in <" + element.name() + ">.");
        }
        for (XmlElement child : element.children()) {
            if (!allowed.contains(child.name())) {
                throw InvalidXml.document("<" + child.name() + "> is not expected in <" + element.name() + ">.");
            }
        }
        return element.children();
    }

    /** An element that holds text only. */
    private static XmlElement textOnly(XmlElement element) {
        if (!element.children().isEmpty()) {
            throw InvalidXml.document("<" + element.children().get(0).name() + "> is not expected in <"
                    + element.name() + ">.");
        }
        return element;
    }

    /** A field's trimmed text; an empty element counts as absent, like a missing one. */
    private static Optional<String> text(Optional<XmlElement> policy, String name) {
        return policy.flatMap(p -> p.optionalChild(name)).map(SignedIdentifiersXml::textOnly).map(XmlElement::value)
                .filter(t -> !t.isEmpty());
    }

    private static Optional<Instant> instant(Optional<XmlElement> policy, String name, String id) {
        Optional<String> text = text(policy, name);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        Optional<Instant> instant = PolicyTimes.parse(text.get());
        if (instant.isEmpty()) {
            throw new ServiceException(CommonError.INVALID_XML_NODE_VALUE, "The " + name
                    + " of signed identifier '" + id + "' is not an ISO 8601 date-time the service accepts: '"
                    + text.get() + "'.");
        }
        return instant;
    }
}
