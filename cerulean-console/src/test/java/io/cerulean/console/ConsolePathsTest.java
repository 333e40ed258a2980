package io.cerulean.console;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ConsolePathsTest {
    @Test
    void theConsoleIsItsRootAndWhatIsUnderIt() {
        assertThat(ConsolePaths.isConsole("/$console")).isTrue();
        assertThat(ConsolePaths.isConsole("/$console/")).isTrue();
        assertThat(ConsolePaths.isConsole("/$console/main.js")).isTrue();
        assertThat(ConsolePaths.isConsole("/$consoles")).isFalse();
        assertThat(ConsolePaths.isConsole("/devstoreaccount1/$console")).isFalse();
        assertThat(ConsolePaths.isConsole("/$metrics")).isFalse();
    }

    @Test
    void aRelayPathNamesItsServiceAndKeepsTheServicesPathAsSent() {
        assertThat(ConsolePaths.relayed("/$console/api/table/devstoreaccount1/Tables")).contains(
                new ConsolePaths.Relayed("table", "/devstoreaccount1/Tables"));
        assertThat(ConsolePaths.relayed("/$console/api/blob/devstoreaccount1/c/a%20b%2Fc")).contains(
                new ConsolePaths.Relayed("blob", "/devstoreaccount1/c/a%20b%2Fc"));
        assertThat(ConsolePaths.relayed("/$console/api/queue/")).contains(new ConsolePaths.Relayed("queue", "/"));
        assertThat(ConsolePaths.relayed("/$console/api/table")).isEmpty();
        assertThat(ConsolePaths.relayed("/$console/main.js")).isEmpty();
    }

    @Test
    void theRootIsTheIndex() {
        assertThat(ConsolePaths.fileName("/$console")).isEqualTo("index.html");
        assertThat(ConsolePaths.fileName("/$console/")).isEqualTo("index.html");
        assertThat(ConsolePaths.fileName("/$console/edm.js")).isEqualTo("edm.js");
    }
}
