package io.cerulean.it.console;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless Chromium, driven through its own chromedriver: both paths given, so Selenium
 * never looks for (or downloads) a browser or a driver. Where they are not installed, the tests
 * that need them are skipped, saying so.
 */
final class Chromium implements AutoCloseable {
    static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    static final Path BROWSER = Path.of("/usr/bin/chromium");

    private final ChromeDriver driver;
    private final Path profile;

    private Chromium(ChromeDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
    }

    /** A fresh browser with a profile of its own; skips the calling test class when there is none. */
    static Chromium start() {
        assumeTrue(Files.isExecutable(DRIVER) && Files.isExecutable(BROWSER),
                "Chromium is not installed (" + DRIVER + ", " + BROWSER + "): the console's browser tests are skipped; "
                        + "apt-get install chromium chromium-driver");
        Path profile;
        try {
            profile = Files.createTempDirectory("cerulean-chromium-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeOptions options = new ChromeOptions().setBinary(BROWSER.toString()).addArguments("--headless=new",
                "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--window-size=1280,900", "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort().build();
        return new Chromium(new ChromeDriver(service, options), profile);
    }

    ChromeDriver driver() {
        return driver;
    }

    void open(String url) {
        driver.get(url);
    }

    WebElement waitFor(By by) {
        return new WebDriverWait(driver, Duration.ofSeconds(15)).until(ExpectedConditions.visibilityOfElementLocated(by));
    }

    /** Waits until the element's text contains {@code text}, and returns the element. */
    WebElement waitForText(By by, String text) {
        try {
            new WebDriverWait(driver, Duration.ofSeconds(15)).until(ExpectedConditions.textToBePresentInElementLocated(by, text));
        } catch (org.openqa.selenium.TimeoutException e) {
            throw new AssertionError("waiting for \"" + text + "\" in " + by + "; the page shows: " + banner(), e);
        }
        return driver.findElement(by);
    }

    /** The page's error banner, for a failure's message. */
    String banner() {
        List<WebElement> banner = driver.findElements(By.id("error"));
        return banner.isEmpty() ? "(no page)" : banner.get(0).getText();
    }

    void waitUntil(java.util.function.Supplier<Boolean> condition) {
        try {
            new WebDriverWait(driver, Duration.ofSeconds(20)).ignoring(RuntimeException.class)
                    .until(d -> condition.get());
        } catch (org.openqa.selenium.TimeoutException e) {
            throw new AssertionError("the page did not get there; it shows: " + banner(), e);
        }
    }

    void click(By by) {
        new WebDriverWait(driver, Duration.ofSeconds(15)).until(ExpectedConditions.elementToBeClickable(by)).click();
    }

    void type(By by, String text) {
        WebElement element = waitFor(by);
        element.clear();
        element.sendKeys(text);
    }

    /** Accepts the confirmation the page asks for. */
    void confirm() {
        new WebDriverWait(driver, Duration.ofSeconds(10)).until(ExpectedConditions.alertIsPresent()).accept();
    }

    List<WebElement> all(By by) {
        return driver.findElements(by);
    }

    Object script(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            try (var files = Files.walk(profile)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            } catch (IOException ignored) {
                // a temporary profile left behind is harmless
            }
        }
    }
}
