package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobListDetails;
import com.azure.storage.blob.models.ListBlobsOptions;
import io.cerulean.it.ServerFixture;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Every listing of any names the service accepts is a document a strict XML parser reads, and gives
 * the names back exactly through the Java SDK: flat, page by page, under a prefix and by hierarchy
 * under a delimiter. Names are drawn from C0 controls, U+007F, the noncharacters U+FFFE and U+FFFF,
 * characters outside the BMP, XML's specials, spaces, {@code '/'}, {@code '%'}, {@code '+'} and
 * letters; a prefix or delimiter XML cannot carry must be refused with InvalidQueryParameterValue.
 */
class ListingNamesPropertyTest {
    private static final BlobServers SERVERS = new BlobServers();
    private static final ServerFixture STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
    private static final ListingXml WIRE = new ListingXml();
    private static final BlobServiceClient SERVICE = WIRE.client(SERVERS, STORE);
    private static final List<String> PIECES = List.of("\u0001", "\u0008", "\t", "\n", "\u000B", "\r", "\u001F",
            "\u007F", "\uFFFE", "\uFFFF", "\uD83D\uDE00", "\uD800\uDC00", "\uDBFF\uDFFD", "<", ">", "&", "\"", "'",
            " ", "/", "%", "%41", "+", "a", "b", "Z", "\u00e9", "\u65e5");
    private static final List<String> DELIMITERS = List.of("/", "%", "+", " ", "a", "<", "\u0001", "\uFFFE", "//");

    record Scenario(List<String> names, String prefix, String delimiter, int pageSize) {
        @Override
        public String toString() {
            return "names=" + names.stream().map(Scenario::escaped).toList() + " prefix=" + escaped(prefix)
                    + " delimiter=" + (delimiter == null ? null : escaped(delimiter)) + " pageSize=" + pageSize;
        }

        private static String escaped(String text) {
            StringBuilder out = new StringBuilder("\"");
            text.codePoints().forEach(c -> out.append(c >= 0x20 && c < 0x7F ? Character.toString(c)
                    : String.format("\\u{%X}", c)));
            return out.append('"').toString();
        }
    }

    @AfterContainer
    static void stop() {
        SERVERS.close();
    }

    @Provide
    Arbitrary<Scenario> scenarios() {
        Arbitrary<String> name = Arbitraries.of(PIECES).list().ofMinSize(1).ofMaxSize(10)
                .map(pieces -> String.join("", pieces));
        Arbitrary<List<String>> names = name.list().ofMinSize(1).ofMaxSize(4).uniqueElements();
        return Combinators.combine(names, Arbitraries.integers().between(0, 100), Arbitraries.of(PIECES).list()
                        .ofMaxSize(2), Arbitraries.of(DELIMITERS).injectNull(0.3), Arbitraries.integers().between(1, 3))
                .as((drawn, cut, extra, delimiter, pageSize) -> {
                    // Mostly a prefix some name has, so that the listing under it is not empty.
                    String first = drawn.get(0);
                    int end = first.length() * cut / 100;
                    if (end > 0 && Character.isHighSurrogate(first.charAt(end - 1))) {
                        end--; // never half a pair: the SDK could not send it
                    }
                    String prefix = extra.isEmpty() ? first.substring(0, end) : String.join("", extra);
                    return new Scenario(drawn, prefix, delimiter, pageSize);
                });
    }

    @Property(tries = 200)
    void everyListingParsesAndGivesTheNamesBack(@ForAll("scenarios") Scenario scenario) {
        BlobContainerClient container = SERVICE.createBlobContainer(BlobServers.uniqueName("names"));
        for (String name : scenario.names()) {
            container.getBlobClient(name).upload(BinaryData.fromBytes(new byte[0]));
        }
        WIRE.takeParsedOrNone();

        assertThat(container.listBlobs(new ListBlobsOptions().setMaxResultsPerPage(scenario.pageSize())
                .setDetails(new BlobListDetails().setRetrieveMetadata(true)), null).stream().map(BlobItem::getName))
                .containsExactlyInAnyOrderElementsOf(scenario.names());
        assertThat(WIRE.takeParsed()).allSatisfy(answer -> assertThat(answer.status()).isEqualTo(200));

        String prefix = scenario.prefix();
        String delimiter = scenario.delimiter();
        ListBlobsOptions underPrefix = new ListBlobsOptions().setPrefix(prefix)
                .setMaxResultsPerPage(scenario.pageSize());
        if (!carried(prefix) || delimiter != null && !carried(delimiter)) {
            assertBlobError(() -> list(container, delimiter, underPrefix), 400, "InvalidQueryParameterValue");
            WIRE.takeParsed();
            return;
        }
        List<BlobItem> items = list(container, delimiter, underPrefix);
        WIRE.takeParsed();
        assertThat(items.stream().filter(i -> !Boolean.TRUE.equals(i.isPrefix())).map(BlobItem::getName))
                .as("blobs").containsExactlyInAnyOrderElementsOf(expectedBlobs(scenario.names(), prefix, delimiter));
        assertThat(items.stream().filter(i -> Boolean.TRUE.equals(i.isPrefix())).map(BlobItem::getName))
                .as("prefixes")
                .containsExactlyInAnyOrderElementsOf(expectedPrefixes(scenario.names(), prefix, delimiter));
    }

    private static List<BlobItem> list(BlobContainerClient container, String delimiter, ListBlobsOptions options) {
        return delimiter == null ? container.listBlobs(options, null).stream().toList()
                : container.listBlobsByHierarchy(delimiter, options, null).stream().toList();
    }

    /** The names under the prefix with no delimiter after it. */
    private static List<String> expectedBlobs(List<String> names, String prefix, String delimiter) {
        return names.stream().filter(n -> n.startsWith(prefix))
                .filter(n -> delimiter == null || !n.substring(prefix.length()).contains(delimiter)).toList();
    }

    /** The prefix and what follows it up to and with the first delimiter, once each. */
    private static Set<String> expectedPrefixes(List<String> names, String prefix, String delimiter) {
        Set<String> prefixes = new LinkedHashSet<>();
        if (delimiter != null) {
            for (String name : names) {
                if (name.startsWith(prefix)) {
                    int at = name.indexOf(delimiter, prefix.length());
                    if (at >= 0) {
                        prefixes.add(name.substring(0, at + delimiter.length()));
                    }
                }
            }
        }
        return prefixes;
    }

    private static boolean carried(String text) {
        return text.codePoints().allMatch(c -> c == '\t' || c == '\n' || c == '\r' || c >= 0x20 && c <= 0xD7FF
                || c >= 0xE000 && c <= 0xFFFD || c >= 0x10000);
    }
}
