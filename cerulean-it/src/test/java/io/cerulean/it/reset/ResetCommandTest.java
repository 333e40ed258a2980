package io.cerulean.it.reset;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.app.Cerulean;
import io.cerulean.http.reset.ResetGrant;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.ServerFixture.RunningServer;
import io.cerulean.it.tools.Cli;
import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.tools.ToolExit;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;

/**
 * {@code cerulean reset}, run in-process as the command line runs it: what it removed and exit 0; the
 * server's refusal and the refused code; an endpoint that does not answer and its code.
 */
class ResetCommandTest {
    private static final ServerFixture STORE = ServerFixture.IN_MEMORY; // the command is the client's: one store tells

    @Test
    void resetsTheConnectionStringsAccountThroughItsFirstEndpoint() {
        try (RunningServer server = ResetTest.start(STORE, ResetGrant.ACCOUNT)) {
            AccountData a = new AccountData(server.cerulean(), ResetTest.A, ResetTest.A_KEY).fill();
            AccountData b = new AccountData(server.cerulean(), ResetTest.B, ResetTest.B_KEY).fill();
            String tableFirst = "DefaultEndpointsProtocol=http;AccountName=" + ResetTest.A + ";AccountKey="
                    + ResetTest.A_KEY + ";TableEndpoint=" + server.cerulean().endpoint(Cerulean.Service.TABLE,
                    ResetTest.A) + ";BlobEndpoint=" + server.cerulean().endpoint(Cerulean.Service.BLOB, ResetTest.A) + ";";

            Cli cli = Cli.run("reset", "--connection-string", tableFirst);

            assertThat(cli.exit()).as(cli.toString()).isEqualTo(ToolExit.OK);
            assertThat(cli.out()).contains("removed 1 account, 1 table, 1 queue, 1 container");
            a.assertEmpty();
            b.assertFilled();
        }
    }

    @Test
    void allResetsEveryAccountAndSaysSo() {
        try (RunningServer server = ResetTest.start(STORE, ResetGrant.ALL)) {
            AccountData a = new AccountData(server.cerulean(), ResetTest.A, ResetTest.A_KEY).fill();
            AccountData b = new AccountData(server.cerulean(), ResetTest.B, ResetTest.B_KEY).fill();

            Cli cli = Cli.run("reset", "--all", "--connection-string", server.connectionString());

            assertThat(cli.exit()).as(cli.toString()).isEqualTo(ToolExit.OK);
            assertThat(cli.out()).contains("every account").contains("removed 2 accounts, 2 tables, 2 queues, 2 containers");
            a.assertEmpty();
            b.assertEmpty();
        }
    }

    @Test
    void aServerServingTablesAloneWipesTheQueuesAndBlobsOfTheStoreItShares() {
        try (MemoryKeyValueStore store = new MemoryKeyValueStore();
             Cerulean everything = Cerulean.builder().store(store).port(0).start();
             Cerulean tablesAlone = Cerulean.builder().store(store).port(0).services(EnumSet.of(Cerulean.Service.TABLE))
                     .allowReset(ResetGrant.ACCOUNT).start()) {
            AccountData a = new AccountData(everything, ResetTest.A, ResetTest.A_KEY).fill();
            String tablesOnly = "DefaultEndpointsProtocol=http;AccountName=" + ResetTest.A + ";AccountKey="
                    + ResetTest.A_KEY + ";TableEndpoint=" + tablesAlone.endpoint(ResetTest.A) + ";";

            Cli cli = Cli.run("reset", "--connection-string", tablesOnly);

            assertThat(cli.exit()).as(cli.toString()).isEqualTo(ToolExit.OK);
            assertThat(cli.out()).contains("removed 1 account, 1 table, 1 queue, 1 container");
            a.assertEmpty();
        }
    }

    @Test
    void aRefusalPrintsTheServersMessageAndChangesNothing() {
        try (RunningServer server = ResetTest.start(STORE, ResetGrant.OFF)) {
            AccountData a = new AccountData(server.cerulean(), ResetTest.A, ResetTest.A_KEY).fill();

            Cli cli = Cli.run("reset", "--connection-string", server.connectionString());

            assertThat(cli.exit()).as(cli.toString()).isEqualTo(ToolExit.REFUSED);
            assertThat(cli.err()).contains("This server was not started with --allow-reset");
            a.assertFilled();
        }
    }

    @Test
    void anEndpointThatDoesNotAnswerIsUnreachable() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort(); // closed again: nothing listens there
        }
        String nowhere = "DefaultEndpointsProtocol=http;AccountName=" + ResetTest.A + ";AccountKey=" + ResetTest.A_KEY
                + ";BlobEndpoint=http://127.0.0.1:" + port + "/" + ResetTest.A + ";";

        Cli cli = Cli.run("reset", "--connection-string", nowhere);

        assertThat(cli.exit()).as(cli.toString()).isEqualTo(ToolExit.UNREACHABLE);
        assertThat(cli.err()).contains("cannot be reached");
    }
}
