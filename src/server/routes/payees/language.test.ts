import { expect, it } from "vitest";
import { codeOf, createSamLee } from "#server/test/fixtures.ts";
import { as, describeEachDatabase, nextIp } from "#server/test/harness.ts";
import { i18nFor } from "#shared/i18n/i18n-for.ts";

const es = i18nFor("es");

describeEachDatabase("a contact's language", (ctx) => {
  it("is kept with the contact, and what Collect writes for that person speaks it", async () => {
    const user = await createSamLee(ctx.app, [{ provider: "venmo", accountHandle: "@sam-lee" }]);
    const call = as(ctx.app, user);
    const saved = await call("POST", "/api/payees", {
      name: "Ana Souza",
      phone: "2125550111",
      language: "es",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: "Ana Souza", language: "es" });
    // A contact with none chosen answers as it always did (no language key).
    const plain = await call("POST", "/api/payees", { name: "Bo Chen", phone: "2125550112" });
    expect(Object.keys(plain.json()).sort()).toEqual(["email", "id", "name", "phone"]);

    // A request to Ana's number: the text in Spanish, the request remembers it.
    const made = await call("POST", "/api/payment-requests", {
      recipientName: "Ana Souza",
      recipientPhone: "(212) 555-0111",
      amount: "12.50",
      description: "Tacos",
    });
    expect(made.statusCode, made.body).toBe(201);
    const { request, smsMessage } = made.json();
    expect(request.language).toBe("es");
    expect(smsMessage).toBe(
      es._("{greeting}, {requester} is requesting {amount} for {description}. Pay here: {link}", {
        greeting: es._("Hi {name}", { name: "Ana" }),
        requester: "Sam Lee",
        amount: "12,50 US$",
        description: "Tacos",
        link: request.shortUrl,
      }),
    );
    // Text again and a reminder speak it too.
    const again = await call("GET", `/api/payment-requests/${request.id}/text`);
    expect(again.json().smsMessage).toBe(smsMessage);
    const reminded = await call("POST", `/api/payment-requests/${request.id}/remind`);
    expect(reminded.json().smsMessage).toContain(es._("Hi {name}", { name: "Ana" }));

    // The link's preview is in Spanish whatever the fetching app's language; the page is the reader's.
    const page = await ctx.app.inject({
      method: "GET",
      url: `/pay/${codeOf(request)}`,
      remoteAddress: nextIp(),
      headers: { "accept-language": "en-US" },
    });
    expect(page.body).toContain('<html lang="en" dir="ltr">');
    expect(page.body).toContain(
      `<meta property="og:title" content="${es._("{name} is requesting {amount}", { name: "Sam Lee", amount: "12,50\u00a0US$" })} · Collect"/>`,
    );
    expect(page.body).toContain('<meta property="og:locale" content="es_ES"/>');

    // Bo has none: his request is in the requester's language, and answers without one.
    const bo = await call("POST", "/api/payment-requests", {
      recipientName: "Bo Chen",
      recipientPhone: "2125550112",
      amount: "5.00",
    });
    expect(bo.json().request.language).toBeUndefined();
    expect(bo.json().smsMessage).toMatch(/^Hi Bo, Sam Lee is requesting \$5\.00\. Pay here: /);
  });

  it("speaks in a split's shares too, and is changed or cleared by an edit", async () => {
    const user = await createSamLee(ctx.app, [{ provider: "venmo", accountHandle: "@sam-lee" }]);
    const call = as(ctx.app, user);
    const ana = (
      await call("POST", "/api/payees", { name: "Ana", phone: "2125550121", language: "de" })
    ).json();
    const split = await call("POST", "/api/splits", {
      total: "20.00",
      description: "Pizza",
      includeMe: false,
      people: [
        { name: "Ana", phone: "2125550121" },
        { name: "Bo", phone: "2125550122" },
      ],
    });
    expect(split.statusCode, split.body).toBe(201);
    const [toAna, toBo] = split.json().shares;
    expect(toAna.request.language).toBe("de");
    expect(toAna.smsMessage).toContain(i18nFor("de")._("Hi {name}", { name: "Ana" }));
    expect(toBo.smsMessage).toMatch(/^Hi Bo, /);

    const changed = await call("PATCH", `/api/payees/${ana.id}`, { language: "fr" });
    expect(changed.json().language).toBe("fr");
    // Saved again under the same name with a language: that is its language now.
    const again = await call("POST", "/api/payees", { name: "Ana", phone: "2125550121", language: "pt-BR" });
    expect(again.json()).toMatchObject({ id: ana.id, language: "pt-BR" });
    const cleared = await call("PATCH", `/api/payees/${ana.id}`, { language: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().language).toBeUndefined();
    // A request made earlier keeps the language it was made in.
    const kept = await call("GET", `/api/payment-requests/${toAna.request.id}/text`);
    expect(kept.json().smsMessage).toContain(i18nFor("de")._("Hi {name}", { name: "Ana" }));
  });

  it("refuses a language Collect does not speak, on its field", async () => {
    const user = await createSamLee(ctx.app, []);
    const bad = await as(ctx.app, user)("POST", "/api/payees", {
      name: "Ana",
      phone: "2125550131",
      language: "xx",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: "language: Language must be one of en, es, pt-BR, fr, de, hi, ar.",
      field: "language",
    });
  });
});
