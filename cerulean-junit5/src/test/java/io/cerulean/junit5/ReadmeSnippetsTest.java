package io.cerulean.junit5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * The README's in-process examples, taken from the README as they are written (imports and all),
 * compiled against what a user's test classpath would hold, and run: the plain one as a program,
 * the JUnit one as a test run.
 */
class ReadmeSnippetsTest {
    private static final Path README = Path.of("..", "README.md");
    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\n(.*?)```", Pattern.DOTALL);
    private static final Pattern CLASS_NAME = Pattern.compile("^(?:public )?class (\\w+)", Pattern.MULTILINE);

    @TempDir
    Path classes;

    @Test
    void theInProcessExamplesCompileAsWrittenAndRun() throws Exception {
        List<String> snippets = inProcessSnippets();
        assertThat(snippets).as("java blocks in the README's in-process section").hasSize(2);
        List<Path> sources = new ArrayList<>();
        for (String snippet : snippets) {
            Matcher name = CLASS_NAME.matcher(snippet);
            assertThat(name.find()).as("a class in:%n%s", snippet).isTrue();
            sources.add(Files.writeString(Files.createTempDirectory(classes, "src").resolve(name.group(1) + ".java"),
                    snippet));
        }
        compile(sources);

        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                getClass().getClassLoader())) {
            assertThat(runMain(loader.loadClass("InProcessExample"))).contains("1 table at http://127.0.0.1:");

            TestExecutionSummary summary = runTests(loader.loadClass("OrdersTest"));
            assertThat(summary.getTotalFailureCount()).as("failures: %s", summary.getFailures()).isZero();
            assertThat(summary.getTestsSucceededCount()).isEqualTo(1);
        }
    }

    private static List<String> inProcessSnippets() throws IOException {
        String readme = Files.readString(README);
        int start = readme.indexOf("### In-process, in Java tests");
        assertThat(start).as("the README's in-process section").isNotNegative();
        int end = readme.indexOf("\n## ", start);
        Matcher blocks = JAVA_BLOCK.matcher(readme.substring(start, end < 0 ? readme.length() : end));
        List<String> snippets = new ArrayList<>();
        while (blocks.find()) {
            snippets.add(blocks.group(1));
        }
        return snippets;
    }

    private void compile(List<Path> sources) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> arguments = new ArrayList<>(List.of("-proc:none", "-classpath", classPath, "-d",
                classes.toString()));
        sources.forEach(source -> arguments.add(source.toString()));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = javac.run(null, null, err, arguments.toArray(String[]::new));
        assertThat(exit).as("javac:%n%s", err.toString(StandardCharsets.UTF_8)).isZero();
    }

    private static String runMain(Class<?> program) throws Exception {
        Method main = program.getMethod("main", String[].class);
        PrintStream stdout = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            main.invoke(null, (Object) new String[0]);
        } finally {
            System.setOut(stdout);
        }
        return printed.toString(StandardCharsets.UTF_8);
    }

    private static TestExecutionSummary runTests(Class<?> testClass) {
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(testClass))
                .build(), listener);
        return listener.getSummary();
    }
}
