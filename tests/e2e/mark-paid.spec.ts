import { apiCall, expect, signedInTest, toast } from "./fixtures";

const REQUEST = { recipientPhone: "2125550101", amount: "12.00", description: "Lunch" };

// On Home with two pending requests, tapping Mark Paid twice 350 ms apart (and once more 1.5 s
// later "to check") marked both paid: the first card moved when the server answered and the next
// card's button slid under the finger. Now the card stays, its button a disabled "Paid", and the
// toast's Undo takes the mark back, on the pay page too.
signedInTest(
  "a second tap on Mark Paid marks nothing else, and Undo takes the mark back",
  async ({ page }) => {
    const older = (
      await apiCall(page, "POST", "/api/payment-requests", { ...REQUEST, recipientName: "Ana Ruiz" })
    ).request;
    const newer = (
      await apiCall(page, "POST", "/api/payment-requests", { ...REQUEST, recipientName: "Bo Chen" })
    ).request;
    await page.goto("/");
    const buttons = page.getByRole("button", { name: "Mark Paid" });
    await expect(buttons).toHaveCount(2);
    const box = await buttons.first().boundingBox();
    if (!box) throw new Error("Mark Paid has no box");
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];

    await page.touchscreen.tap(x, y);
    await page.waitForTimeout(350);
    await page.touchscreen.tap(x, y);
    await page.waitForTimeout(1500);
    await page.touchscreen.tap(x, y);

    const statuses = async () => {
      const list = (await (await page.request.get("/api/payment-requests")).json()) as {
        id: string;
        status: string;
      }[];
      return Object.fromEntries(list.map((r) => [r.id, r.status]));
    };
    expect(await statuses()).toEqual({ [newer.id]: "paid", [older.id]: "pending" });
    await expect(page.getByRole("button", { name: "Paid", exact: true })).toBeDisabled();
    await expect(buttons).toHaveCount(1);

    const marked = toast(page, "Request marked as paid");
    await marked.getByRole("button", { name: "Undo" }).click();
    await expect(toast(page, "Marked as not paid")).toContainText("$12.00 from Bo Chen is pending again.");
    await expect.poll(statuses).toEqual({ [newer.id]: "pending", [older.id]: "pending" });
    const code = String(newer.shortUrl).split("/").pop();
    const view = await (await page.request.get(`/api/payment-screen/${code}`)).json();
    expect(view.request.status).toBe("pending");
    await expect(buttons).toHaveCount(2);
  },
);
