// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Fn::Sub strings spell ${...} literally.
import { describe, expect, it } from "vitest";
import { type Deployment, exportsOf, type PhysicalResource, resolve } from "./intrinsics.ts";

// Fragments copied from the synthesized templates (.sst/synth/dev, git-ignored).
const FUNCTION_URL = "https://abc123xyz.lambda-url.eu-west-1.on.aws/";

const resources: Record<string, Record<string, PhysicalResource>> = {
  "dev-my-app-Storage": {
    Table710B521B: {
      ref: "dev-my-app-Storage-Table",
      attributes: {
        Arn: "arn:aws:dynamodb:eu-west-1:111122223333:table/dev-my-app-Storage-Table",
        StreamArn: "arn:aws:dynamodb:eu-west-1:111122223333:table/t/stream/2026-01-01T00:00:00.000",
      },
    },
    ImagesCdnBC2AA66B: { ref: "E1IMAGES", attributes: { DomainName: "d111.cloudfront.net" } },
  },
  "dev-my-app-Web": {
    SiteServerFunctionFunctionUrlAE55D36C: {
      ref: "arn:aws:lambda:eu-west-1:111122223333:function:server",
      attributes: { FunctionUrl: FUNCTION_URL },
    },
    SiteServerFunction70E7C026: { ref: "server", attributes: { Arn: "arn:server" } },
  },
};

const exported: Record<string, string> = {
  "dev-my-app-Storage:ExportsOutputRefTable710B521B3741E805": "dev-my-app-Storage-Table",
};

function deployment(overrides: Partial<Deployment> = {}): Deployment {
  return {
    resource: (stack, id) => resources[stack]?.[id],
    exportValue: (name) => exported[name],
    parameters: { Stage: "dev" },
    pseudo: {
      region: "eu-west-1",
      accountId: "111122223333",
      partition: "aws",
      urlSuffix: "amazonaws.com",
    },
    ...overrides,
  };
}

const WEB = "dev-my-app-Web";
const STORAGE = "dev-my-app-Storage";

describe("resolve", () => {
  it("leaves plain values alone and resolves objects and arrays recursively", () => {
    const value = { a: 1, b: [true, null, "x"], c: { Ref: "Stage" }, d: [{ Ref: "AWS::Region" }] };
    expect(resolve(value, WEB, deployment())).toEqual({
      a: 1,
      b: [true, null, "x"],
      c: "dev",
      d: ["eu-west-1"],
    });
  });

  it("Ref: resources, parameters and pseudo parameters", () => {
    const d = deployment();
    expect(resolve({ Ref: "Table710B521B" }, STORAGE, d)).toBe("dev-my-app-Storage-Table");
    expect(resolve({ Ref: "Stage" }, STORAGE, d)).toBe("dev");
    expect(resolve({ Ref: "AWS::AccountId" }, STORAGE, d)).toBe("111122223333");
    expect(resolve({ Ref: "AWS::Partition" }, STORAGE, d)).toBe("aws");
    expect(resolve({ Ref: "AWS::URLSuffix" }, STORAGE, d)).toBe("amazonaws.com");
    expect(resolve({ Ref: "AWS::StackName" }, STORAGE, d)).toBe(STORAGE);
    const named = deployment({ pseudo: { ...d.pseudo, stackName: "other" } });
    expect(resolve({ Ref: "AWS::StackName" }, STORAGE, named)).toBe("other");
  });

  it("Ref AWS::NoValue drops the key or the element", () => {
    const value = {
      keep: "x",
      drop: { Ref: "AWS::NoValue" },
      list: ["a", { Ref: "AWS::NoValue" }],
    };
    expect(resolve(value, WEB, deployment())).toEqual({ keep: "x", list: ["a"] });
    expect(resolve({ Ref: "AWS::NoValue" }, WEB, deployment())).toBeUndefined();
  });

  it("an unknown Ref names the stack and the logical id", () => {
    expect(() => resolve({ Ref: "Missing123" }, WEB, deployment())).toThrow(
      /dev-my-app-Web.*"Missing123"/,
    );
    expect(() => resolve({ Ref: "AWS::NotificationARNs" }, WEB, deployment())).toThrow(
      /AWS::NotificationARNs/,
    );
  });

  it("Fn::GetAtt in both forms; a missing attribute names resource and attribute", () => {
    const d = deployment();
    const arn = resources[STORAGE]?.Table710B521B?.attributes.Arn;
    expect(resolve({ "Fn::GetAtt": ["Table710B521B", "Arn"] }, STORAGE, d)).toBe(arn);
    expect(resolve({ "Fn::GetAtt": "Table710B521B.Arn" }, STORAGE, d)).toBe(arn);
    expect(() => resolve({ "Fn::GetAtt": ["Table710B521B", "Nope"] }, STORAGE, d)).toThrow(
      /dev-my-app-Storage.*"Table710B521B".*"Nope"/,
    );
    expect(() => resolve({ "Fn::GetAtt": ["Gone", "Arn"] }, STORAGE, d)).toThrow(/"Gone"/);
    expect(() => resolve({ "Fn::GetAtt": "NoDot" }, STORAGE, d)).toThrow(/malformed/);
  });

  it("Fn::Join, as in the Storage stack's ImagesUrl output", () => {
    const value = {
      "Fn::Join": ["", ["https://", { "Fn::GetAtt": ["ImagesCdnBC2AA66B", "DomainName"] }]],
    };
    expect(resolve(value, STORAGE, deployment())).toBe("https://d111.cloudfront.net");
    expect(
      resolve({ "Fn::Join": [",", ["a", { Ref: "AWS::NoValue" }, "b"]] }, WEB, deployment()),
    ).toBe("a,b");
    expect(() => resolve({ "Fn::Join": [""] }, WEB, deployment())).toThrow(/two arguments/);
  });

  it("Fn::Select of Fn::Split: the Web distribution's origin domain from the function URL", () => {
    // DistributionConfig.Origins[0].DomainName in Web.template.json
    const domain = {
      "Fn::Select": [
        0,
        {
          "Fn::Split": [
            "/",
            {
              "Fn::Select": [
                1,
                {
                  "Fn::Split": [
                    "//",
                    { "Fn::GetAtt": ["SiteServerFunctionFunctionUrlAE55D36C", "FunctionUrl"] },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(resolve(domain, WEB, deployment())).toBe("abc123xyz.lambda-url.eu-west-1.on.aws");
    expect(resolve({ "Fn::Select": ["1", ["a", "b"]] }, WEB, deployment())).toBe("b");
    expect(() => resolve({ "Fn::Select": [2, ["a", "b"]] }, WEB, deployment())).toThrow(/range/);
    expect(() => resolve({ "Fn::Select": ["", ["a"]] }, WEB, deployment())).toThrow(/range/);
  });

  it("Fn::Sub, string form (the AutoDeleteObjects role's managed policy)", () => {
    const value = {
      "Fn::Sub": "arn:${AWS::Partition}:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole",
    };
    expect(resolve(value, STORAGE, deployment())).toBe(
      "arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole",
    );
  });

  it("Fn::Sub with ${Id.Attr}, ${Ref}, ${!Literal} and variables (which may be intrinsics)", () => {
    const value = {
      "Fn::Sub": [
        "${Table710B521B}|${Table710B521B.Arn}|${AWS::Region}|${!Literal}|${Name}|${Stage}",
        { Name: { "Fn::Join": ["-", ["x", { Ref: "AWS::AccountId" }]] } },
      ],
    };
    expect(resolve(value, STORAGE, deployment())).toBe(
      "dev-my-app-Storage-Table" +
        "|arn:aws:dynamodb:eu-west-1:111122223333:table/dev-my-app-Storage-Table" +
        "|eu-west-1|${Literal}|x-111122223333|dev",
    );
    expect(() => resolve({ "Fn::Sub": "${Nope.Arn}" }, STORAGE, deployment())).toThrow(/"Nope"/);
    expect(() => resolve({ "Fn::Sub": "${Nope}" }, STORAGE, deployment())).toThrow(/"Nope"/);
  });

  it("Fn::ImportValue, with an argument that itself needs resolving", () => {
    const name = "dev-my-app-Storage:ExportsOutputRefTable710B521B3741E805";
    expect(resolve({ "Fn::ImportValue": name }, "dev-my-app-Events", deployment())).toBe(
      "dev-my-app-Storage-Table",
    );
    expect(() => resolve({ "Fn::ImportValue": ["x"] }, "dev-my-app-Events", deployment())).toThrow(
      /Fn::ImportValue expects a string/,
    );
    const joined = {
      "Fn::ImportValue": {
        "Fn::Join": [":", ["dev-my-app-Storage", "ExportsOutputRefTable710B521B3741E805"]],
      },
    };
    expect(resolve(joined, "dev-my-app-Events", deployment())).toBe("dev-my-app-Storage-Table");
    expect(() =>
      resolve({ "Fn::ImportValue": "dev-my-app-Storage:Gone" }, "dev-my-app-Events", deployment()),
    ).toThrow(/dev-my-app-Events.*"dev-my-app-Storage:Gone"/);
  });

  it("refuses Fn::If and other unsupported intrinsics", () => {
    expect(() => resolve({ "Fn::If": ["C", "a", "b"] }, WEB, deployment())).toThrow(
      /dev-my-app-Web: intrinsic function Fn::If is not supported/,
    );
    expect(() => resolve({ "Fn::GetAZs": "" }, WEB, deployment())).toThrow(/Fn::GetAZs/);
  });

  it("an object with Ref among other keys is plain data", () => {
    expect(resolve({ Ref: "x", Other: 1 }, WEB, deployment())).toEqual({ Ref: "x", Other: 1 });
  });
});

describe("exportsOf", () => {
  it("evaluates the Outputs that carry Export.Name, as the Storage stack declares them", () => {
    const template = {
      Outputs: {
        TableName: { Value: { Ref: "Table710B521B" } },
        ExportsOutputRefTable710B521B3741E805: {
          Value: { Ref: "Table710B521B" },
          Export: { Name: "dev-my-app-Storage:ExportsOutputRefTable710B521B3741E805" },
        },
        ExportsOutputFnGetAttImagesCdnBC2AA66BDomainNameCE3F42F9: {
          Value: { "Fn::GetAtt": ["ImagesCdnBC2AA66B", "DomainName"] },
          Export: {
            Name: { "Fn::Sub": "${AWS::StackName}:ExportsOutputFnGetAttImagesCdnDomainName" },
          },
        },
      },
    };
    expect(exportsOf(template, STORAGE, deployment())).toEqual({
      "dev-my-app-Storage:ExportsOutputRefTable710B521B3741E805": "dev-my-app-Storage-Table",
      "dev-my-app-Storage:ExportsOutputFnGetAttImagesCdnDomainName": "d111.cloudfront.net",
    });
    expect(exportsOf({}, STORAGE, deployment())).toEqual({});
  });

  it("fails on an unresolvable export value and on conditional outputs", () => {
    const broken = { Outputs: { X: { Value: { Ref: "Gone" }, Export: { Name: "n" } } } };
    expect(() => exportsOf(broken, STORAGE, deployment())).toThrow(/"Gone"/);
    const conditional = { Outputs: { X: { Value: "v", Export: { Name: "n" }, Condition: "C" } } };
    expect(() => exportsOf(conditional, STORAGE, deployment())).toThrow(/Condition/);
    const list = { Outputs: { X: { Value: ["a"], Export: { Name: "n" } } } };
    expect(() => exportsOf(list, STORAGE, deployment())).toThrow(/string/);
  });
});
