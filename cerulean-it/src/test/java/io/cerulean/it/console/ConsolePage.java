package io.cerulean.it.console;

import io.cerulean.it.support.SignedHttp;
import org.openqa.selenium.By;

/** What a user does on the console's page, step by step. */
final class ConsolePage {
    private final Chromium browser;

    ConsolePage(Chromium browser) {
        this.browser = browser;
    }

    /** Opens the console served on {@code port}, at its sign-in form. */
    ConsolePage open(int port) {
        browser.open("http://127.0.0.1:" + port + "/$console/");
        browser.waitFor(By.id("signin"));
        return this;
    }

    ConsolePage signInWithKey(String key) {
        browser.type(By.name("account"), SignedHttp.ACCOUNT);
        browser.type(By.name("key"), key);
        browser.click(By.id("signin-submit"));
        return this;
    }

    ConsolePage signInWithSas(String sas) {
        browser.type(By.name("account"), SignedHttp.ACCOUNT);
        browser.type(By.name("sas"), sas);
        browser.click(By.id("signin-submit"));
        return this;
    }

    /** Signs in with the development key and waits for the tables. */
    ConsolePage signedIn(int port) {
        open(port).signInWithKey(SignedHttp.DEV_KEY);
        browser.waitFor(By.id("table-list"));
        return this;
    }

    void view(String name) {
        browser.click(By.cssSelector("nav button[data-view='" + name + "']"));
    }

    /** The error banner's text once it shows. */
    String error() {
        return browser.waitFor(By.cssSelector("#error .error-text")).getText();
    }
}
