package io.cerulean.http.acl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.acl.AccessPolicies;
import io.cerulean.common.acl.StoredAccessPolicy;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Contract 3.5 and 3.6: the {@code <SignedIdentifiers>} document, both ways, and every way a body is refused. */
class SignedIdentifiersXmlTest {
    private static final String DECLARATION = "<?xml version=\"1.0\" encoding=\"utf-8\"?>";
    private static final Instant T1 = Instant.parse("2021-07-08T09:10:09Z");
    private static final Instant T2 = Instant.parse("2031-12-31T23:59:58.1234567Z");

    private static StoredAccessPolicy policy(String id, Instant start, Instant expiry, String permission) {
        return new StoredAccessPolicy(id, Optional.ofNullable(start), Optional.ofNullable(expiry),
                Optional.ofNullable(permission));
    }

    private static String written(StoredAccessPolicy... policies) {
        return new String(SignedIdentifiersXml.write(new AccessPolicies(List.of(policies))), StandardCharsets.UTF_8);
    }

    private static AccessPolicies read(String xml) {
        return SignedIdentifiersXml.read(xml.getBytes(StandardCharsets.UTF_8));
    }

    private static String identifiers(String... identifiers) {
        return "<SignedIdentifiers>" + String.join("", identifiers) + "</SignedIdentifiers>";
    }

    /** Read as the Table service reads a Set Table ACL body: its permission letters are {@code raud}. */
    private static ServiceException refusal(String xml) {
        return catchThrowableOfType(() -> read(xml).requirePermissions("raud"), ServiceException.class);
    }

    // ---------------------------------------------------------------- writing (Get Table ACL)

    @Test
    void writesTheServiceDocumentWithSevenFractionalDigits() {
        assertThat(written(policy("policy1", T1, T1, "raud"))).isEqualTo(DECLARATION
                + "<SignedIdentifiers><SignedIdentifier><Id>policy1</Id><AccessPolicy>"
                + "<Start>2021-07-08T09:10:09.0000000Z</Start><Expiry>2021-07-08T09:10:09.0000000Z</Expiry>"
                + "<Permission>raud</Permission></AccessPolicy></SignedIdentifier></SignedIdentifiers>");
    }

    @Test
    void writesAnEmptyListAsASelfClosingRoot() {
        assertThat(written()).isEqualTo(DECLARATION + "<SignedIdentifiers />");
    }

    @Test
    void omitsTheAccessPolicyOfAPolicyWithoutFieldsAndEachAbsentField() {
        assertThat(written(policy("bare", null, null, null), policy("late", null, T2, null),
                policy("reader", null, null, "r"), policy("from", T1, null, null)))
                .isEqualTo(DECLARATION + "<SignedIdentifiers>"
                        + "<SignedIdentifier><Id>bare</Id></SignedIdentifier>"
                        + "<SignedIdentifier><Id>late</Id><AccessPolicy><Expiry>2031-12-31T23:59:58.1234567Z</Expiry>"
                        + "</AccessPolicy></SignedIdentifier>"
                        + "<SignedIdentifier><Id>reader</Id><AccessPolicy><Permission>r</Permission></AccessPolicy>"
                        + "</SignedIdentifier>"
                        + "<SignedIdentifier><Id>from</Id><AccessPolicy><Start>2021-07-08T09:10:09.0000000Z</Start>"
                        + "</AccessPolicy></SignedIdentifier>"
                        + "</SignedIdentifiers>");
    }

    @Test
    void escapesMarkupInIds() {
        assertThat(written(policy("a<b>&c", null, null, null)))
                .contains("<Id>a&lt;b&gt;&amp;c</Id>");
    }

    @Test
    void whatIsWrittenReadsBackTheSame() {
        AccessPolicies acl = new AccessPolicies(List.of(policy("policy1", T1, T2, "raud"), policy("bare", null, null, null),
                policy("a<b>&c\r\n\"'", null, T1, "d"), policy("x".repeat(64), T2, null, null),
                policy("ünïcödé 🙂", null, null, "au")));
        assertThat(SignedIdentifiersXml.read(SignedIdentifiersXml.write(acl))).isEqualTo(acl);
        assertThat(SignedIdentifiersXml.read(SignedIdentifiersXml.write(AccessPolicies.empty())))
                .isEqualTo(AccessPolicies.empty());
    }

    // ---------------------------------------------------------------- reading (Set Table ACL)

    @Test
    void readsWhatTheJavaSdkSends() {
        // azure-data-tables 12.5.0, logged on the wire: seconds only, the caller's offset kept, an empty AccessPolicy
        // for a policy object without fields.
        String body = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><SignedIdentifiers><SignedIdentifier><Id>full</Id>"
                + "<AccessPolicy><Start>2021-07-08T09:10:09+02:00</Start><Expiry>2031-07-08T09:10:09Z</Expiry>"
                + "<Permission>raud</Permission></AccessPolicy></SignedIdentifier><SignedIdentifier><Id>empty</Id>"
                + "</SignedIdentifier><SignedIdentifier><Id>emptypolicy</Id><AccessPolicy></AccessPolicy>"
                + "</SignedIdentifier></SignedIdentifiers>";
        assertThat(read(body).policies()).containsExactly(
                policy("full", Instant.parse("2021-07-08T07:10:09Z"), Instant.parse("2031-07-08T09:10:09Z"), "raud"),
                policy("empty", null, null, null),
                policy("emptypolicy", null, null, null));
    }

    @ParameterizedTest
    @CsvSource({
        "2021-07-08T09:10:09Z, 2021-07-08T09:10:09Z",
        "2021-07-08T09:10:09.0000000Z, 2021-07-08T09:10:09Z",
        "2021-07-08T09:10:09.123Z, 2021-07-08T09:10:09.123Z",
        "2021-07-08T09:10:09.1234567Z, 2021-07-08T09:10:09.1234567Z",
        "2021-07-08T09:10:09.123456789Z, 2021-07-08T09:10:09.1234567Z",
        "2021-07-08T11:10:09.5+02:00, 2021-07-08T09:10:09.5Z",
        "2021-07-08T09:10:09, 2021-07-08T09:10:09Z",
        "' 2021-07-08T09:10:09Z ', 2021-07-08T09:10:09Z"
    })
    void readsTheTimeFormsClientsSend(String sent, String expected) {
        AccessPolicies acl = read(identifiers("<SignedIdentifier><Id>p</Id><AccessPolicy><Start>" + sent + "</Start><Expiry>"
                + sent + "</Expiry></AccessPolicy></SignedIdentifier>"));
        assertThat(acl.policies().get(0).start()).contains(Instant.parse(expected));
        assertThat(acl.policies().get(0).expiry()).contains(Instant.parse(expected));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  \r\n", "<SignedIdentifiers/>", "<SignedIdentifiers />",
        "<?xml version=\"1.0\" encoding=\"utf-8\"?><SignedIdentifiers></SignedIdentifiers>",
        "<?xml version=\"1.0\" encoding=\"utf-8\"?><SignedIdentifiers />"})
    void anEmptyBodyOrAnEmptyListClears(String body) {
        assertThat(read(body)).isEqualTo(AccessPolicies.empty());
    }

    @Test
    void acceptsIndentationCommentsAByteOrderMarkAndAnyElementOrder() {
        String body = "\uFEFF<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!-- policies -->\n<SignedIdentifiers>\n"
                + "  <SignedIdentifier>\n    <AccessPolicy>\n      <Permission>ra</Permission>\n"
                + "      <Expiry>2021-07-08T09:10:09Z</Expiry>\n    </AccessPolicy>\n    <Id>p1</Id>\n"
                + "  </SignedIdentifier>\n</SignedIdentifiers>\n";
        assertThat(read(body).policies()).containsExactly(policy("p1", null, T1, "ra"));
    }

    @Test
    void anEmptyFieldElementCountsAsAbsent() {
        assertThat(read(identifiers("<SignedIdentifier><Id>p</Id><AccessPolicy><Start/><Expiry></Expiry>"
                + "<Permission> </Permission></AccessPolicy></SignedIdentifier>")).policies())
                .containsExactly(policy("p", null, null, null));
    }

    @Test
    void keepsTheIdExactlyAsSent() {
        assertThat(read(identifiers("<SignedIdentifier><Id> a &amp; b </Id></SignedIdentifier>")).policies())
                .containsExactly(policy(" a & b ", null, null, null));
    }

    @Test
    void acceptsFivePoliciesAndSixtyFourCharacterIds() {
        String[] five = new String[5];
        for (int i = 0; i < 5; i++) {
            five[i] = "<SignedIdentifier><Id>" + i + "x".repeat(63) + "</Id></SignedIdentifier>";
        }
        assertThat(read(identifiers(five)).policies()).hasSize(5);
    }

    @Test
    void leavesThePermissionLettersToTheService() {
        // A queue's policy may hold p, a table's may not: reading takes any letters, as sent.
        assertThat(read(identifiers("<SignedIdentifier><Id>p</Id><AccessPolicy><Permission>raup</Permission>"
                + "</AccessPolicy></SignedIdentifier>")).policies()).containsExactly(policy("p", null, null, "raup"));
    }

    // ---------------------------------------------------------------- refusals

    @ParameterizedTest
    @ValueSource(strings = {
        "not xml at all",
        "<SignedIdentifiers>",
        "<SignedIdentifiers><SignedIdentifier><Id>p</Id></SignedIdentifiers>",
        "<SignedIdentifiers></SignedIdentifiers><SignedIdentifiers></SignedIdentifiers>",
        "<SignedIdentifiers><SignedIdentifier><Id>p</Id></SignedIdentifier></SignedIdentifiers> trailing",
        "\uFEFF"
    })
    void malformedXmlIsInvalidXmlDocument(String body) {
        ServiceException e = refusal(body);
        assertThat(e.errorCode()).isEqualTo(CommonError.INVALID_XML_DOCUMENT);
        assertThat(e.getMessage()).startsWith("XML specified is not syntactically valid. ");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "<Identifiers/>",
        "<SignedIdentifier><Id>p</Id></SignedIdentifier>",
        "<SignedIdentifiers>text</SignedIdentifiers>",
        "<SignedIdentifiers><Policy/></SignedIdentifiers>",
        "<SignedIdentifiers><SignedIdentifier/></SignedIdentifiers>",
        "<SignedIdentifiers><SignedIdentifier><AccessPolicy/></SignedIdentifier></SignedIdentifiers>",
        "<SignedIdentifiers><SignedIdentifier><Id>p</Id><Id>q</Id></SignedIdentifier></SignedIdentifiers>",
        "<SignedIdentifiers><SignedIdentifier><Id>p</Id><Name>q</Name></SignedIdentifier></SignedIdentifiers>",
        "<SignedIdentifiers><SignedIdentifier><Id>p<b/></Id></SignedIdentifier></SignedIdentifiers>",
        "<SignedIdentifiers><SignedIdentifier><Id>p</Id><AccessPolicy/><AccessPolicy/></SignedIdentifier></SignedIdentifiers>",
        "<SignedIdentifiers><SignedIdentifier><Id>p</Id><AccessPolicy><Start>2021-07-08T09:10:09Z</Start>"
                + "<Start>2021-07-08T09:10:09Z</Start></AccessPolicy></SignedIdentifier></SignedIdentifiers>",
        "<SignedIdentifiers><SignedIdentifier><Id>p</Id><AccessPolicy><Permissions>r</Permissions></AccessPolicy>"
                + "</SignedIdentifier></SignedIdentifiers>",
        "<SignedIdentifiers><SignedIdentifier><Id>p</Id><AccessPolicy>r</AccessPolicy></SignedIdentifier></SignedIdentifiers>"
    })
    void aDocumentOfAnotherShapeIsInvalidXmlDocument(String body) {
        ServiceException e = refusal(body);
        assertThat(e.errorCode()).isEqualTo(CommonError.INVALID_XML_DOCUMENT);
        assertThat(e.getMessage()).startsWith("XML specified is not syntactically valid. ");
    }

    @Test
    void sixIdentifiersAreInvalidXmlDocument() {
        String[] six = new String[6];
        for (int i = 0; i < 6; i++) {
            six[i] = "<SignedIdentifier><Id>p" + i + "</Id></SignedIdentifier>";
        }
        ServiceException e = refusal(identifiers(six));
        assertThat(e.errorCode()).isEqualTo(CommonError.INVALID_XML_DOCUMENT);
        assertThat(e.getMessage()).contains("at most 5");
    }

    @Test
    void aRepeatedIdIsInvalidXmlDocument() {
        ServiceException e = refusal(identifiers("<SignedIdentifier><Id>p</Id></SignedIdentifier>",
                "<SignedIdentifier><Id>p</Id><AccessPolicy><Permission>r</Permission></AccessPolicy></SignedIdentifier>"));
        assertThat(e.errorCode()).isEqualTo(CommonError.INVALID_XML_DOCUMENT);
        assertThat(e.getMessage()).contains("'p'");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "<Id></Id>                                                                     | Id",
        "<Id>xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx</Id>       | Id",
        "<Id>p</Id><AccessPolicy><Permission>rw</Permission></AccessPolicy>             | permission 'rw'",
        "<Id>p</Id><AccessPolicy><Permission>R</Permission></AccessPolicy>              | permission 'R'",
        "<Id>p</Id><AccessPolicy><Start>yesterday</Start></AccessPolicy>                | Start of signed identifier 'p'",
        "<Id>p</Id><AccessPolicy><Expiry>2021-13-01T00:00:00Z</Expiry></AccessPolicy>  | Expiry of signed identifier 'p'",
        "<Id>p</Id><AccessPolicy><Expiry>2021-07-08</Expiry></AccessPolicy>            | Expiry of signed identifier 'p'",
        "<AccessPolicy><Start>1500-01-01T00:00:00Z</Start></AccessPolicy><Id>p</Id>   | Start of signed identifier 'p'"
    })
    void aValueOutOfBoundsIsInvalidXmlNodeValue(String identifier, String named) {
        ServiceException e = refusal(identifiers("<SignedIdentifier>" + identifier + "</SignedIdentifier>"));
        assertThat(e.errorCode()).isEqualTo(CommonError.INVALID_XML_NODE_VALUE);
        assertThat(e.getMessage()).contains(named);
    }

    @Test
    void anExternalEntityIsRefusedWithoutReadingIt(@TempDir Path dir) throws IOException {
        Path secret = Files.writeString(dir.resolve("secret.txt"), "top-secret-content");
        String body = "<?xml version=\"1.0\"?><!DOCTYPE SignedIdentifiers [<!ENTITY x SYSTEM \""
                + secret.toUri() + "\">]><SignedIdentifiers><SignedIdentifier><Id>&x;</Id></SignedIdentifier>"
                + "</SignedIdentifiers>";
        ServiceException e = refusal(body);
        assertThat(e.errorCode()).isEqualTo(CommonError.INVALID_XML_DOCUMENT);
        assertThat(e.getMessage()).doesNotContain("top-secret-content");
    }

    @Test
    void anExternalDtdIsRefused(@TempDir Path dir) throws IOException {
        Path dtd = Files.writeString(dir.resolve("acl.dtd"), "<!ENTITY x \"from-the-dtd\">");
        String body = "<!DOCTYPE SignedIdentifiers SYSTEM \"" + dtd.toUri() + "\"><SignedIdentifiers><SignedIdentifier>"
                + "<Id>&x;</Id></SignedIdentifier></SignedIdentifiers>";
        ServiceException e = refusal(body);
        assertThat(e.errorCode()).isEqualTo(CommonError.INVALID_XML_DOCUMENT);
        assertThat(e.getMessage()).doesNotContain("from-the-dtd");
    }

    @Test
    void entityExpansionIsRefused() {
        StringBuilder dtd = new StringBuilder("<!DOCTYPE SignedIdentifiers [<!ENTITY a0 \"lol\">");
        for (int i = 1; i < 10; i++) {
            dtd.append("<!ENTITY a").append(i).append(" \"").append(("&a" + (i - 1) + ";").repeat(10)).append("\">");
        }
        String body = dtd + "]><SignedIdentifiers><SignedIdentifier><Id>&a9;</Id></SignedIdentifier></SignedIdentifiers>";
        assertThat(refusal(body).errorCode()).isEqualTo(CommonError.INVALID_XML_DOCUMENT);
    }
}
