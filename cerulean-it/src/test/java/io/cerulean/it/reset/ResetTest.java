package io.cerulean.it.reset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.azure.core.http.HttpMethod;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.common.sas.AccountSasPermission;
import com.azure.storage.common.sas.AccountSasResourceType;
import com.azure.storage.common.sas.AccountSasService;
import com.azure.storage.common.sas.AccountSasSignatureValues;
import io.cerulean.app.Cerulean;
import io.cerulean.http.auth.Account;
import io.cerulean.http.reset.ResetGrant;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.ServerFixture.RunningServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.Comparator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * {@code POST /{account}/$reset} through the SDKs: a reset wipes one account on every service and
 * leaves the other as it was; {@code scope=all} wipes both, only where allowed; every refusal (not
 * allowed, the secondary endpoint, a SAS, a wrong key, no key, another method) is a 403 or 405 and
 * changes nothing. On RocksDB a reset survives a restart.
 */
class ResetTest {
    static final String A = Account.DEVELOPMENT_NAME;
    static final String A_KEY = Account.DEVELOPMENT_KEY;
    static final String B = "resetb";
    static final String B_KEY = Base64.getEncoder().encodeToString(new byte[] {
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32});

    static RunningServer start(ServerFixture store, ResetGrant grant) {
        return store.start(builder -> builder.account(Account.of(B, B_KEY)).allowReset(grant));
    }

    @ParameterizedTest
    @EachStore
    void resetWipesTheAccountOnEveryServiceAndLeavesTheOther(ServerFixture store) {
        try (RunningServer server = start(store, ResetGrant.ACCOUNT)) {
            AccountData a = new AccountData(server.cerulean(), A, A_KEY).fill();
            AccountData b = new AccountData(server.cerulean(), B, B_KEY).fill();

            ResetRequests.Answer answer = ResetRequests.post(a.blobs(), "");

            assertThat(answer.status()).as(answer.body()).isEqualTo(200);
            assertRemoved(store, answer.body(), 1, 1);
            assertThat(answer.requestId()).isNotBlank();
            a.assertEmpty();
            b.assertFilled();
            a.assertCreatedAgainEmpty();
            b.assertFilled();
        }
    }

    @ParameterizedTest
    @EachStore
    void scopeAllWipesEveryAccountWhenAllowed(ServerFixture store) {
        try (RunningServer server = start(store, ResetGrant.ALL)) {
            AccountData a = new AccountData(server.cerulean(), A, A_KEY).fill();
            AccountData b = new AccountData(server.cerulean(), B, B_KEY).fill();

            ResetRequests.Answer answer = ResetRequests.post(b.blobs(), "?scope=all");

            assertThat(answer.status()).as(answer.body()).isEqualTo(200);
            assertRemoved(store, answer.body(), 2, 2);
            a.assertEmpty();
            b.assertEmpty();
            b.assertCreatedAgainEmpty();
        }
    }

    @ParameterizedTest
    @EachStore
    void scopeAllIsRefusedWhereOnlyAccountsMayBeReset(ServerFixture store) {
        try (RunningServer server = start(store, ResetGrant.ACCOUNT)) {
            AccountData a = new AccountData(server.cerulean(), A, A_KEY).fill();
            AccountData b = new AccountData(server.cerulean(), B, B_KEY).fill();

            ResetRequests.Answer answer = ResetRequests.post(a.blobs(), "?scope=all");

            assertThat(answer.status()).isEqualTo(403);
            assertThat(answer.errorCode()).isEqualTo("AuthorizationFailure");
            assertThat(answer.body()).contains("--allow-reset=all");
            a.assertFilled();
            b.assertFilled();
        }
    }

    @ParameterizedTest
    @EachStore
    void refusedOnAServerStartedWithoutAllowReset(ServerFixture store) {
        try (RunningServer server = start(store, ResetGrant.OFF)) {
            AccountData a = new AccountData(server.cerulean(), A, A_KEY).fill();

            ResetRequests.Answer answer = ResetRequests.post(a.blobs(), "");

            assertThat(answer.status()).isEqualTo(403);
            assertThat(answer.errorCode()).isEqualTo("AuthorizationFailure");
            assertThat(answer.body()).contains("This server was not started with --allow-reset");
            assertThat(answer.requestId()).isNotBlank();
            a.assertFilled();
        }
    }

    @ParameterizedTest
    @EachStore
    void refusedOnTheReadOnlySecondary(ServerFixture store) {
        try (RunningServer server = start(store, ResetGrant.ALL)) {
            AccountData a = new AccountData(server.cerulean(), A, A_KEY).fill();

            ResetRequests.Answer answer = ResetRequests.postSignedWith(
                    server.cerulean().endpoint(Cerulean.Service.BLOB, A + "-secondary"), A, A_KEY, "");

            assertThat(answer.status()).isEqualTo(403);
            assertThat(answer.errorCode()).isEqualTo("InsufficientAccountPermissions");
            a.assertFilled();
        }
    }

    @ParameterizedTest
    @EachStore
    void refusedToASasAWrongKeyNoKeyAndAnotherMethod(ServerFixture store) {
        try (RunningServer server = start(store, ResetGrant.ALL)) {
            AccountData a = new AccountData(server.cerulean(), A, A_KEY).fill();
            String url = server.cerulean().endpoint(Cerulean.Service.BLOB, A);
            String sas = a.blobs().generateAccountSas(new AccountSasSignatureValues(OffsetDateTime.now().plusHours(1),
                    AccountSasPermission.parse("rwdxylacuptfi"), AccountSasService.parse("bqtf"),
                    AccountSasResourceType.parse("sco")));

            ResetRequests.Answer withSas = ResetRequests.postUnsigned(url + "/$reset?" + sas);
            ResetRequests.Answer wrongKey = ResetRequests.postSignedWith(url, A, B_KEY, "");
            ResetRequests.Answer anonymous = ResetRequests.postUnsigned(url + "/$reset");
            ResetRequests.Answer get = ResetRequests.send(a.blobs().getHttpPipeline(), HttpMethod.GET, url + "/$reset");

            assertThat(withSas.status()).as(withSas.body()).isEqualTo(403);
            assertThat(withSas.errorCode()).isEqualTo("AuthorizationFailure");
            assertThat(wrongKey.status()).isEqualTo(403);
            assertThat(wrongKey.errorCode()).isEqualTo("AuthenticationFailed");
            assertThat(anonymous.status()).isEqualTo(403);
            assertThat(get.status()).isEqualTo(405);
            a.assertFilled();
        }
    }

    @Test
    void aResetOnRocksDbSurvivesARestart() throws Exception {
        assumeTrue(ServerFixture.tested().contains(ServerFixture.ROCKSDB), "RocksDB is not tested in this run");
        Path dir = Files.createTempDirectory("cerulean-reset");
        try {
            String names = AccountData.names();
            try (Cerulean cerulean = rocksDb(dir)) {
                AccountData a = new AccountData(cerulean, A, A_KEY, names).fill();
                new AccountData(cerulean, B, B_KEY, names).fill();
                assertThat(ResetRequests.post(a.blobs(), "").status()).isEqualTo(200);
            }
            try (Cerulean cerulean = rocksDb(dir)) {
                new AccountData(cerulean, A, A_KEY, names).assertEmpty();
                new AccountData(cerulean, B, B_KEY, names).assertFilled();
            }
        } finally {
            try (Stream<Path> paths = Files.walk(dir)) {
                paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /**
     * The answer's counts: exactly {@code accounts} accounts and {@code each} tables, queues and
     * containers; at least as many on Cassandra, whose keyspace the run's other servers share.
     */
    static void assertRemoved(ServerFixture store, String body, int accounts, int each) {
        if (store != ServerFixture.CASSANDRA) {
            assertThat(body).isEqualTo("{\"accounts\":" + accounts + ",\"tables\":" + each + ",\"queues\":" + each
                    + ",\"containers\":" + each + "}");
            return;
        }
        Matcher counts = Pattern.compile("\\{\"accounts\":(\\d+),\"tables\":(\\d+),\"queues\":(\\d+),\"containers\":(\\d+)}")
                .matcher(body);
        assertThat(counts.matches()).as(body).isTrue();
        assertThat(Integer.parseInt(counts.group(1))).as("accounts").isGreaterThanOrEqualTo(accounts);
        for (int group = 2; group <= 4; group++) {
            assertThat(Long.parseLong(counts.group(group))).as(body).isGreaterThanOrEqualTo(each);
        }
    }

    private static Cerulean rocksDb(Path dir) {
        return Cerulean.builder().port(0).dataDir(dir).account(Account.of(B, B_KEY)).allowReset(ResetGrant.ACCOUNT)
                .start();
    }
}
