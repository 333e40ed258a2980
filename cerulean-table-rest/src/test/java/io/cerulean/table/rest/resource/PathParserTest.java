package io.cerulean.table.rest.resource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Contract sections 1.1 and 1.2: path-style addressing and key literals. */
class PathParserTest {
    private static final String ACCOUNT = "/devstoreaccount1";

    private static Resource entity(String keys) {
        Resource resource = PathParser.parse(ACCOUNT + "/mytable(" + keys + ")");
        assertThat(resource.kind()).isEqualTo(ResourceKind.ENTITY);
        assertThat(resource.table()).isEqualTo("mytable");
        return resource;
    }

    private static void assertKeys(String keys, String partitionKey, String rowKey) {
        Resource resource = entity(keys);
        assertThat(resource.partitionKey()).isEqualTo(partitionKey);
        assertThat(resource.rowKey()).isEqualTo(rowKey);
    }

    @Test
    void accountAloneAndWithTrailingSlashAddressTheService() {
        for (String path : new String[] {ACCOUNT, ACCOUNT + "/"}) {
            Resource resource = PathParser.parse(path);
            assertThat(resource.account()).isEqualTo("devstoreaccount1");
            assertThat(resource.secondary()).isFalse();
            assertThat(resource.kind()).isEqualTo(ResourceKind.SERVICE);
        }
    }

    @Test
    void secondarySuffixIsStrippedAndRemembered() {
        Resource resource = PathParser.parse("/devstoreaccount1-secondary/Tables");
        assertThat(resource.account()).isEqualTo("devstoreaccount1");
        assertThat(resource.secondary()).isTrue();
        assertThat(resource.kind()).isEqualTo(ResourceKind.TABLES);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/Tables", "/Tables()"})
    void tablesWithAndWithoutParenthesesIsTheTableCollection(String suffix) {
        Resource resource = PathParser.parse(ACCOUNT + suffix);
        assertThat(resource.kind()).isEqualTo(ResourceKind.TABLES);
        assertThat(resource.table()).isNull();
    }

    @Test
    void tablesWithQuotedNameIsOneTable() {
        Resource resource = PathParser.parse(ACCOUNT + "/Tables('mytable')");
        assertThat(resource.kind()).isEqualTo(ResourceKind.TABLE);
        assertThat(resource.table()).isEqualTo("mytable");
        assertThat(PathParser.parse(ACCOUNT + "/Tables(%27mytable%27)").table()).isEqualTo("mytable");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/mytable", "/mytable()"})
    void tableNameWithOrWithoutEmptyParenthesesIsTheEntitySet(String suffix) {
        Resource resource = PathParser.parse(ACCOUNT + suffix);
        assertThat(resource.kind()).isEqualTo(ResourceKind.ENTITY_SET);
        assertThat(resource.table()).isEqualTo("mytable");
        assertThat(resource.partitionKey()).isNull();
    }

    @Test
    void plainEntityKeys() {
        assertKeys("PartitionKey='pk',RowKey='rk'", "pk", "rk");
    }

    @Test
    void doubledQuotesStandForOneQuote() {
        assertKeys("PartitionKey='O''Brien',RowKey=''''", "O'Brien", "'");
    }

    @Test
    void percentEncodedQuotesDelimitAndEscapeLikeLiteralOnes() {
        assertKeys("PartitionKey=%27O%27%27Brien%27,RowKey=%27r%27", "O'Brien", "r");
    }

    @Test
    void percentEncodedSpacesDoubleQuotesAndPercentSignsAreDecoded() {
        assertKeys("PartitionKey='a%20b',RowKey='%22x%25y%22'", "a b", "\"x%y\"");
    }

    @Test
    void plusStaysAPlusBecauseThisIsAPathNotAForm() {
        assertKeys("PartitionKey='a+b',RowKey='%2B'", "a+b", "+");
    }

    @Test
    void pathIsDecodedOnlyOnce() {
        assertKeys("PartitionKey='a%2527b',RowKey='%2520'", "a%27b", "%20");
    }

    @Test
    void utf8EscapesDecodeToUnicode() {
        assertKeys("PartitionKey='caf%C3%A9',RowKey='%E2%82%AC%F0%9F%98%80'", "café", "€\uD83D\uDE00");
    }

    @Test
    void rawNonAsciiCharactersMixWithEscapes() {
        assertKeys("PartitionKey='é%20ü',RowKey='日本'", "é ü", "日本");
    }

    @Test
    void emptyKeysAreLegal() {
        assertKeys("PartitionKey='',RowKey=''", "", "");
    }

    @Test
    void whitespaceAfterTheCommaIsTolerated() {
        assertKeys("PartitionKey='a', RowKey='b'", "a", "b");
        assertKeys("PartitionKey='a',%20RowKey='b'", "a", "b");
    }

    @Test
    void rowKeyMayComeBeforePartitionKey() {
        assertKeys("RowKey='r',PartitionKey='p'", "p", "r");
    }

    @Test
    void parenthesesCommasAndEqualsInsideKeysAreLiteral() {
        assertKeys("PartitionKey='a(b)',RowKey='c,RowKey=d)'", "a(b)", "c,RowKey=d)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/$batch", "/%24batch"})
    void batchIsRecognisedLiteralAndEncoded(String suffix) {
        Resource resource = PathParser.parse(ACCOUNT + suffix);
        assertThat(resource.kind()).isEqualTo(ResourceKind.BATCH);
        assertThat(resource.account()).isEqualTo("devstoreaccount1");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        // unbalanced parentheses
        ACCOUNT + "/mytable(PartitionKey='a',RowKey='b'",
        ACCOUNT + "/mytable((PartitionKey='a',RowKey='b')",
        ACCOUNT + "/mytable(PartitionKey='a',RowKey='b'))",
        ACCOUNT + "/Tables('x'",
        // missing or unterminated quotes
        ACCOUNT + "/mytable(PartitionKey=a,RowKey='b')",
        ACCOUNT + "/mytable(PartitionKey='a,RowKey='b')",
        ACCOUNT + "/mytable(PartitionKey='a',RowKey='b)",
        ACCOUNT + "/Tables(x)",
        // bad percent escapes
        ACCOUNT + "/mytable(PartitionKey='%zz',RowKey='b')",
        ACCOUNT + "/mytable(PartitionKey='%2',RowKey='b')",
        ACCOUNT + "/mytable%",
        ACCOUNT + "/mytable%4",
        // trailing junk, extra or duplicate arguments, wrong names
        ACCOUNT + "/mytable(PartitionKey='a',RowKey='b')x",
        ACCOUNT + "/mytable(PartitionKey='a',RowKey='b'x)",
        ACCOUNT + "/mytable(PartitionKey='a',RowKey='b',Other='c')",
        ACCOUNT + "/mytable(PartitionKey='a',PartitionKey='b')",
        ACCOUNT + "/mytable(PartitionKey='a')",
        ACCOUNT + "/mytable(Partitionkey='a',RowKey='b')",
        ACCOUNT + "/mytable(PartitionKey='a'RowKey='b')",
        ACCOUNT + "/Tables('x','y')",
        ACCOUNT + "/Tables('x')junk",
        // extra path segments
        ACCOUNT + "/mytable/extra",
        ACCOUNT + "/Tables/mytable",
        ACCOUNT + "/mytable(PartitionKey='a',RowKey='b')/x",
        // no account
        "//Tables",
        "",
        "Tables"
    })
    void malformedPathsAreInvalidUri(String path) {
        ServiceException e = catchThrowableOfType(ServiceException.class, () -> PathParser.parse(path));
        assertThat(e).as("parse(%s) should throw", path).isNotNull();
        assertThat(e.errorCode()).isEqualTo(CommonError.INVALID_URI);
    }

    @Test
    void closingParenthesisWithoutOpeningIsInvalidUri() {
        ServiceException e = catchThrowableOfType(ServiceException.class,
                () -> PathParser.parse(ACCOUNT + "/mytable)"));
        assertThat(e).as("an unbalanced ')' must not become the table name 'mytable)'").isNotNull();
        assertThat(e.errorCode()).isEqualTo(CommonError.INVALID_URI);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/devstoreaccount1/(PartitionKey='a',RowKey='b')", "/devstoreaccount1/()",
        "/-secondary/Tables"})
    void emptyTableOrAccountNameIsInvalidUri(String path) {
        ServiceException e = catchThrowableOfType(ServiceException.class, () -> PathParser.parse(path));
        assertThat(e).as("parse(%s) should throw", path).isNotNull();
        assertThat(e.errorCode()).isEqualTo(CommonError.INVALID_URI);
    }

    @Test
    void oneTrailingSlashNamesTheSameResource() {
        assertThat(PathParser.parse(ACCOUNT + "/Tables/").kind()).isEqualTo(ResourceKind.TABLES);
        assertThat(PathParser.parse(ACCOUNT + "/$batch/").kind()).isEqualTo(ResourceKind.BATCH);
        assertThat(PathParser.parse(ACCOUNT + "/mytable/").table()).isEqualTo("mytable");
        Resource entity = PathParser.parse(ACCOUNT + "/mytable(PartitionKey='a',RowKey='b')/");
        assertThat(entity.kind()).isEqualTo(ResourceKind.ENTITY);
        assertThat(entity.rowKey()).isEqualTo("b");
        ServiceException e = catchThrowableOfType(ServiceException.class, () -> PathParser.parse(ACCOUNT + "/Tables//"));
        assertThat(e.errorCode()).isEqualTo(CommonError.INVALID_URI);
    }

    @Test
    void theSecondarysStatsPathNamesTheService() {
        Resource stats = PathParser.parse("/devstoreaccount1-secondary/devstoreaccount1/", "service");
        assertThat(stats.kind()).isEqualTo(ResourceKind.SERVICE);
        assertThat(stats.secondary()).isTrue();
        // Without restype=service it is the table of that name, as anywhere else.
        assertThat(PathParser.parse("/devstoreaccount1-secondary/devstoreaccount1", null).kind())
                .isEqualTo(ResourceKind.ENTITY_SET);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/devstoreaccount1/mytable(PartitionKey='a',RowKey='b')",
        "/mytable(PartitionKey='a',RowKey='b')", "mytable(PartitionKey='a',RowKey='b')"})
    void aSubRequestPathResolvesAgainstTheBatchsAccount(String path) {
        Resource resource = PathParser.parseWithin(path, "devstoreaccount1");
        assertThat(resource.account()).isEqualTo("devstoreaccount1");
        assertThat(resource.kind()).isEqualTo(ResourceKind.ENTITY);
        assertThat(resource.table()).isEqualTo("mytable");
        assertThat(PathParser.parseWithin("/other/mytable", "devstoreaccount1").account()).isEqualTo("other");
    }
}
