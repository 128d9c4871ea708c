import { authorizationMatrix } from "./authorization-matrix.ts";

authorizationMatrix(1, 3);
